#pragma acc routine vector
double inner(int n, const double *x) {
  double s = 0;
#pragma acc loop vector reduction(+:s)
  for (int i = 0; i < n; i++) s += x[i];
  return s;
}
