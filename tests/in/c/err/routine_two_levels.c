#pragma acc routine gang vector
void g(int n, float *a);
