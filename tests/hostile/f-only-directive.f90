!$acc parallel
