#pragma acc routine vector
double total(int n, const double *x);
#pragma acc routine vector
void divide(int n, double *x, double by);
void normalise(int n, double *row) {
  double t = total(n, row);
  divide(n, row, t);
}
