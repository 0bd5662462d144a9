/* A kernel reads device data that nothing initialised: a `create`d heap array, and a
 * `copyout` array read before any kernel wrote it. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 10000;
  double *tmp = malloc(n * sizeof(double));
  double *out = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) tmp[i] = 1;
#pragma acc data create(tmp[0:n]) copyout(out[0:n])
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) out[i] = tmp[i] + 1;
    // expect: the kernel at uninit_create.c:13, function main reads 'tmp[0:n]' (create at uninit_create.c:11, function main) on the device before anything wrote it
  }
  double acc = 0;
  int m = 512;
  int *hist = calloc(m, sizeof(int));
#pragma acc parallel loop copyout(hist[0:m]) reduction(+:acc)
  for (int i = 0; i < m; i++) {
    hist[i] += i; /* reads the copyout copy, which was never copied in */
    acc += hist[i];
  }
  // expect: the kernel at uninit_create.c:20, function main reads 'hist[0:m]' (copyout at uninit_create.c:20, function main) on the device before anything wrote it
  printf("%g %g\n", out[0], acc);
  free(tmp);
  free(out);
  free(hist);
  return 0;
}
