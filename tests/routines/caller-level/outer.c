#pragma acc routine vector
double inner(int n, const double *x);
#pragma acc routine seq
double outer(int n, const double *x) { return inner(n, x) * 2; }
