#pragma acc parallel
