/* The driver calls of a small program on the mock CUDA driver (tests/cuda.sh compares the
 * ACCMOCK_TRACE=1 lines with trace.expected): allocations and copies of the data clauses, an
 * async queue (a stream), a join of two queues, a zero fill, an update, launch grids from
 * num_gangs/vector_length and the defaults, a serial construct, a reduction. */
#include <openacc.h>
#include <stdio.h>

#define N 1000

int main(void) {
  static double a[N], b[N];
  double sum = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc data copyin(a) create(b)
  {
#pragma acc parallel loop num_gangs(4) vector_length(32) async(1)
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
#pragma acc wait(1) async(2)
#pragma acc parallel loop reduction(+ : sum) async(2)
    for (int i = 0; i < N; i++)
      sum += b[i];
#pragma acc wait
#pragma acc serial
    b[0] = -1;
#pragma acc update host(b[0:2])
  }
  int *z = acc_malloc(16);
  acc_memcpy_to_device(z, a, 0);
  acc_free(z);
  printf("sum %g b0 %g b1 %g on_device %d\n", sum, b[0], b[1], acc_on_device(acc_device_nvidia));
  return 0;
}
