/* A kernel writes data the host copied in, and its device copy is deleted without being
 * copied out: the host then reads its own old values (heap array, structured data region), and
 * the same with a stack array in an unstructured create/delete pair. */
#include <stdio.h>
#include <stdlib.h>
#define N 4096

int main(void) {
  int n = 100000;
  double *a = malloc(n * sizeof(double));
  double sum = 0;
  for (int i = 0; i < n; i++) a[i] = i;
#pragma acc data copyin(a[0:n])
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) a[i] = 2 * a[i];
  }
  for (int i = 0; i < n; i++) sum += a[i];
  // expect: the host reads 'a[0:n]' (copyin at deleted_copyin.c:13, function main) after the kernel at deleted_copyin.c:15, function main wrote its device copy, which was deleted without being copied out (deleted_copyin.c:13, function main)

  double t[N];
  for (int i = 0; i < N; i++) t[i] = 1;
#pragma acc enter data create(t)
#pragma acc parallel loop present(t)
  for (int i = 0; i < N; i++) t[i] = 3;
#pragma acc exit data delete(t)
  for (int i = 0; i < N; i++) sum += t[i];
  // expect: the host reads 't' (create at deleted_copyin.c:23, function main) after the kernel at deleted_copyin.c:24, function main wrote its device copy, which was deleted without being copied out (deleted_copyin.c:26, function main)
  printf("%g\n", sum);
  free(a);
  return 0;
}
