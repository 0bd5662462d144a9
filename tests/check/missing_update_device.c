/* The host changes data after its copy to the device and a kernel reads the old device copy:
 * a heap section in a data region, and a stack array under enter data. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100000;
  double *a = malloc(n * sizeof(double));
  double *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) a[i] = i;
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
    for (int i = 0; i < n; i++) a[i] += 1; /* host only: the device keeps the old values */
#pragma acc parallel loop
    for (int i = 0; i < n; i++) b[i] = a[i];
    // expect: the kernel at missing_update_device.c:14, function main reads 'a[0:n]' (copyin at missing_update_device.c:11, function main), whose device copy is older than the host's: the host changed it after it was copied to the device, with no update device
  }
  double s[2048];
  for (int i = 0; i < 2048; i++) s[i] = 1;
#pragma acc enter data copyin(s)
  s[100] = 7;
#pragma acc update device(s[0:10])
  double sum = 0;
#pragma acc parallel loop reduction(+:sum) present(s)
  for (int i = 0; i < 2048; i++) sum += s[i];
  // expect: the kernel at missing_update_device.c:24, function main reads 's' (copyin at missing_update_device.c:20, function main), whose device copy is older than the host's
#pragma acc exit data delete(s)
  printf("%g %g\n", b[n - 1], sum);
  free(a);
  free(b);
  return 0;
}
