/* The host reads data a kernel changed on the device without `update self`: a global array
 * kept on the device by `enter data`, and a section of a heap array in a data region. */
#include <stdio.h>
#include <stdlib.h>
#define N 8192

double g[N];

int main(void) {
  double sum = 0;
  for (int i = 0; i < N; i++) g[i] = i;
#pragma acc enter data copyin(g)
#pragma acc parallel loop present(g)
  for (int i = 0; i < N; i++) g[i] = -g[i];
  sum += g[N / 2];
  // expect: the host reads 'g' (copyin at missing_update_self.c:12, function main) while its device copy is newer: the kernel at missing_update_self.c:13, function main wrote it and no update self or copyout brought it back
#pragma acc update self(g)
  sum += g[N / 2]; /* right now: no finding */

  int n = 50000;
  float *b = malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) b[i] = 1;
#pragma acc data copy(b[1000:n - 2000])
  {
#pragma acc parallel loop present(b[1000:n - 2000])
    for (int i = 1000; i < n - 1000; i++) b[i] = 5;
    sum += b[n / 2];
    // expect: the host reads 'b[1000:n - 2000]' (copy at missing_update_self.c:23, function main) while its device copy is newer: the kernel at missing_update_self.c:25, function main wrote it and no update self or copyout brought it back
  }
  sum += b[n / 2]; /* copied out: no finding */
#pragma acc exit data delete(g)
  printf("%g\n", sum);
  free(b);
  return 0;
}
