#include <math.h>

#include "vecops.h"

double vec_norm2(int n, const double *x) {
  double sum = 0.0;
#pragma acc parallel loop copyin(x[0:n]) reduction(+:sum)
  for (int i = 0; i < n; i++)
    sum += x[i] * x[i];
  return sqrt(sum);
}
