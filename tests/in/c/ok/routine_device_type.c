/* Routine levels, gang dims and bind names per device type. */
#pragma acc routine device_type(nvidia) vector device_type(host, multicore) seq
double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  return s;
}
#pragma acc routine seq dtype(*) worker device_type(radeon) gang(dim:2) bind("g_radeon")
double g(double x) { return x; }
