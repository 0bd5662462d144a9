#include "vecops.h"

void vec_axpy(int n, double a, const double *x, double *y) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}
