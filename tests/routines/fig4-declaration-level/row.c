void saxpy_row(int n, float a, const float *x, float *y) {
#pragma acc loop worker
  for (int j = 0; j < n; j++) y[j] = a * x[j] + y[j];
}
