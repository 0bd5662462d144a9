#pragma acc routine vector
void rowsum(int n, const double *a, double *out) {
  double s = 0;
#pragma acc loop vector reduction(+:s)
  for (int j = 0; j < n; j++) s += a[j];
  *out = s;
}
