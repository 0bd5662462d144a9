/* profevents.c: the profiling events of constructs whose if clause is false, kernels and serial
 * constructs, wait clauses, acc_wait_any, acc_map_data/acc_unmap_data and a device-to-device
 * copy (which has no event in OpenACC 3.3), for the ACC_PROFLIB snapshot in tests/runtime.sh. */
#include <openacc.h>
#include <stdio.h>

#define N 64

int main(int argc, char **argv) {
  (void)argv;
  static double a[N], b[N];
  int off = argc > 5; /* 0: the if clauses below are false */
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc parallel loop if(off) copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma acc data copy(a[0:N]) if(off)
  {
#pragma acc enter data copyin(b[0:N]) if(off)
#pragma acc update device(a[0:N]) if(off)
#pragma acc exit data delete(b[0:N]) if(off)
  }
#pragma acc kernels copy(a[0:N]) async(2)
  for (int i = 0; i < N; i++)
    a[i] *= 2;
#pragma acc serial copy(a[0:N]) wait(2)
  a[0] = -a[0];
  int queues[2] = {2, acc_async_sync};
  int found = acc_wait_any(2, queues);
  void *d = acc_malloc(sizeof b);
  acc_map_data(b, d, sizeof b);
  acc_memcpy_device(d, acc_deviceptr(a), sizeof a);
  acc_unmap_data(b);
  acc_free(d);
  printf("%g %g %d\n", a[0], a[N - 1], found);
  return 0;
}
