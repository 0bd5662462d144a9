/* profiled.c: one of each profiled action, for the ACC_PROFLIB snapshot (tests/runtime.sh). */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
  int c[100];
  double sum = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc data copyin(a[0:N]) create(b[0:N])
  {
#pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
#pragma acc parallel loop async(1) present(b[0:N])
    for (int i = 0; i < N; i++)
      b[i] += 1;
#pragma acc wait(1)
#pragma acc update self(b[0:N])
  }
#pragma acc enter data copyin(a[0:N])
#pragma acc parallel loop present(a[0:N]) reduction(+:sum)
  for (int i = 0; i < N; i++)
    sum += a[i];
#pragma acc exit data delete(a[0:N])
#pragma acc parallel loop
  for (int i = 0; i < 100; i++)
    c[i] = i;
  void *d = acc_malloc(64);
  acc_free(d);
  printf("%g %g %d\n", b[N - 1], sum, c[99]);
  free(a);
  free(b);
  return 0;
}
