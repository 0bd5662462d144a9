#pragma acc routine vector
double total(int n, const double *x) {
  double s = 0;
#pragma acc loop vector reduction(+:s)
  for (int i = 0; i < n; i++) s += x[i];
  return s;
}
#pragma acc routine vector
void divide(int n, double *x, double by) {
#pragma acc loop vector
  for (int i = 0; i < n; i++) x[i] /= by;
}
