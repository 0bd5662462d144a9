#pragma acc routine worker
void saxpy_row(int n, float a, const float *x, float *y);
