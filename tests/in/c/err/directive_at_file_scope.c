#pragma acc parallel
int x;
