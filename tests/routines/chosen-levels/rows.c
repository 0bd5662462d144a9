/* rows.c: routines with their levels given here only. */
#pragma acc routine vector
void scale_row(int n, double *row, double by) {
#pragma acc loop vector
  for (int j = 0; j < n; j++) row[j] *= by;
}
#pragma acc routine worker
void add_rows(int r, int c, double *m, const double *v) {
#pragma acc loop worker
  for (int i = 0; i < r; i++)
#pragma acc loop vector
    for (int j = 0; j < c; j++) m[i * c + j] += v[j];
}
#pragma acc routine gang
void fill(int n, double *x, double value) {
#pragma acc loop gang vector
  for (int j = 0; j < n; j++) x[j] = value;
}
