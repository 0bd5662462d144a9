#include "kern.h"

void kern_fill(double *a, int n) {
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 100);
}

void kern_scale(double *a, int n, double factor) {
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= factor;
}
