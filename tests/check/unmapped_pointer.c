/* A pointer that no data clause maps reaches a kernel as a host address (a GPU kernel faults on
 * it): a heap array used in a compute construct with no data clause at all, and a pointer whose
 * mapped section does not start where it points (the kernel needs a clause that covers its
 * accesses, e.g. present(b[1000:n - 2000])). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 50000;
  float *a = malloc(n * sizeof(float));
  float *b = malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) a[i] = b[i] = 1;
#pragma acc parallel loop
  for (int i = 0; i < n; i++) a[i] = 2 * a[i];
  // expect: the compute construct at unmapped_pointer.c:13, function main passes the pointer 'a' to its kernel, but no data clause maps what it points to
#pragma acc data copy(b[1000:n - 2000])
  {
#pragma acc parallel loop
    for (int i = 1000; i < n - 1000; i++) b[i] = 5;
    // expect: the compute construct at unmapped_pointer.c:18, function main passes the pointer 'b' to its kernel, but no data clause maps what it points to
  }
  printf("%g %g\n", a[0], b[n / 2]);
  free(a);
  free(b);
  return 0;
}
