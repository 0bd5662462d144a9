#include "stats.h"

/* `present`: the caller's `enter data` must be visible to this library's kernels. */
double stats_sum(const double *a, int n) {
  double sum = 0.0;
#pragma acc parallel loop present(a[0:n]) reduction(+:sum)
  for (int i = 0; i < n; i++)
    sum += a[i];
  return sum;
}

double stats_max(const double *a, int n) {
  double m = a[0];
#pragma acc parallel loop present(a[0:n]) reduction(max:m)
  for (int i = 0; i < n; i++)
    m = a[i] > m ? a[i] : m;
  return m;
}
