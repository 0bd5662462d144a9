/* Pointers whose targets an enclosing data construct maps, used in compute constructs without a
 * clause of their own: the kernels must reach the mapped data through them (parallel, kernels,
 * serial; a pointer into the middle of a mapped section; a pointer to unmapped memory on the
 * shared-memory devices). Exits non-zero on a wrong answer. */
#include <stdio.h>
#include <stdlib.h>

#define N 4096

int main(void) {
  double *a = malloc(N * sizeof *a);
  double *b = malloc(N * sizeof *b);
  int *count = malloc(sizeof *count);
  if (!a || !b || !count)
    return 2;
  for (int i = 0; i < N; i++)
    a[i] = i;
  *count = 0;

#pragma acc data copyin(a[0:N]) copyout(b[0:N]) copy(count[0:1])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      b[i] = 2.0 * a[i];

    double *upper = b + N / 2; /* interior pointer into the mapped section */
#pragma acc kernels
    for (int i = 0; i < N / 2; i++)
      upper[i] += 1.0;

#pragma acc serial
    {
      for (int i = 0; i < N; i++)
        if (a[i] >= 0)
          (*count)++;
    }
  }

  int errors = 0;
  for (int i = 0; i < N; i++) {
    double want = 2.0 * i + (i >= N / 2 ? 1.0 : 0.0);
    if (b[i] != want) {
      if (errors < 5)
        printf("b[%d] = %g, want %g\n", i, b[i], want);
      errors++;
    }
  }
  if (*count != N) {
    printf("count = %d, want %d\n", *count, N);
    errors++;
  }
  printf("data region pointers: %d errors\n", errors);
  free(a);
  free(b);
  free(count);
  return errors != 0;
}
