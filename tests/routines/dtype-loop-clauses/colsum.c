void colsum(int rows, int cols, int c, const double *a, double *out) {
  double s = 0;
#pragma acc loop reduction(+:s) dtype(nvidia) vector dtype(host, multicore) seq
  for (int r = 0; r < rows; r++) s += a[r * cols + c];
  *out = s;
}
