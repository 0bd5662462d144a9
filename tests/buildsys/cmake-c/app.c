/* Uses the static library (vec_axpy) and the shared library (vec_norm2); exits non-zero on a
 * wrong answer. */
#include <math.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#include "vecops.h"

int main(void) {
  const int n = 1 << 16;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y)
    return 2;
  for (int i = 0; i < n; i++) {
    x[i] = 1.0;
    y[i] = (double)(i % 4);
  }
  vec_axpy(n, 2.0, x, y); /* y[i] = 2 + i % 4 */
  double norm = vec_norm2(n, y);
  double want = 0.0;
  for (int i = 0; i < n; i++)
    want += (2.0 + i % 4) * (2.0 + i % 4);
  want = sqrt(want);
#ifndef _OPENACC
  printf("_OPENACC is not defined\n");
  return 1;
#endif
  printf("norm %.6f (want %.6f), _OPENACC %d\n", norm, want, _OPENACC);
  free(x);
  free(y);
  return fabs(norm - want) < 1e-9 * want && _OPENACC == 202211 ? 0 : 1;
}
