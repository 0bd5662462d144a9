#pragma acc routine device_type(nvidia) vector device_type(host, multicore) seq
void rowsum(int n, const double *a, double *out) {
  double s = 0;
#pragma acc loop reduction(+:s) device_type(nvidia) vector device_type(host) seq
  for (int j = 0; j < n; j++) s += a[j];
  *out = s;
}
