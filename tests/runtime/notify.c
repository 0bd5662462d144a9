/* notify.c: one of each traced event, for the ACCC_NOTIFY / ACCC_TIME snapshot (tests/runtime.sh). */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc data copyin(a[0:N]) copyout(b[0:N])
  {
#pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
#pragma acc parallel loop async(1) present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] += 1;
#pragma acc wait(1)
#pragma acc update self(b[0:10])
  }
  void *d = acc_malloc(64);
  acc_free(d);
  printf("%g\n", b[N - 1]);
  free(a);
  free(b);
  return 0;
}
