#include <stdio.h>
#include <stdlib.h>
static double init(int i) { return i; }
int main(void) {
  int n = 100000;
  double *a = malloc(n * sizeof *a), *u = malloc(n * sizeof *u), *b = malloc(n * sizeof *b), *tmp = malloc(n * sizeof *tmp), s = 0;
  for (int i = 0; i < n; i++) a[i] = u[i] = 1;
#pragma acc parallel loop copyin(a[0:n])
  for (int i = 0; i < n; i++) a[i] *= 2;
  printf("%g\n", a[n / 2]);
#pragma acc enter data copyin(u[0:n])
#pragma acc parallel loop present(u[0:n])
  for (int i = 0; i < n; i++) u[i] += 1;
  printf("%g\n", u[n / 2]);
#pragma acc update self(u[0:n])
  for (int i = 0; i < n; i++) u[i] = init(i);
#pragma acc parallel loop present(u[0:n]) reduction(+:s)
  for (int i = 0; i < n; i++) s += u[i];
#pragma acc data create(tmp[0:n]) copyout(b[0:n])
#pragma acc parallel loop
  for (int i = 0; i < n; i++) b[i] = tmp[i] + 1;
  printf("%g %g\n", s, b[0]);
  return 0;
}
/* The README's examples of ACCC_CHECK=data (section "Finding missing data clauses without a
 * GPU"): its lines quote these findings, so keep the two in step.
 * expect: the host reads 'a[0:n]' (copyin at heat.c:8, function main) after the kernel at heat.c:8, function main wrote its device copy, which was deleted without being copied out (heat.c:8, function main)
 * expect: the host reads 'u[0:n]' (copyin at heat.c:11, function main) while its device copy is newer: the kernel at heat.c:12, function main wrote it and no update self or copyout brought it back
 * expect: the kernel at heat.c:17, function main reads 'u[0:n]' (copyin at heat.c:11, function main), whose device copy is older than the host's: the host changed it after it was copied to the device, with no update device
 * expect: the kernel at heat.c:20, function main reads 'tmp[0:n]' (create at heat.c:19, function main) on the device before anything wrote it
 */
