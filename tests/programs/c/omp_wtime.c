/* OpenACC programs often time themselves with OpenMP's omp_get_wtime (the OpenACC training
 * course's labs do): gcc -fopenacc links libgomp for it, and so does accc (only when used),
 * while the program's acc_* calls still reach accc's runtime. */
#include <omp.h>
#include <openacc.h>
#include <stdio.h>

int main(void) {
  double start = omp_get_wtime();
  double a[1000];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 1000; i++) a[i] = 0.5 * i;
  double sum = 0;
  for (int i = 0; i < 1000; i++) sum += a[i];
  double elapsed = omp_get_wtime() - start;
  printf("sum %.1f, elapsed %s, host devices %d\n", sum, elapsed >= 0 ? "ok" : "negative",
         acc_get_num_devices(acc_device_host));
  return 0;
}
