/* Declared globals on a GPU (tests/cuda.sh, tests/hip.sh): the image's module is loaded when
 * the device starts, each global comes from the module, and the declare copyin of `offset`
 * copies its initial value there (the routine-only global `weights` is the module's too;
 * nothing is allocated for either). */
#include <stdio.h>
double weights[4];
#pragma acc declare create(weights)
static double offset = 0.25;
#pragma acc declare copyin(offset)
#pragma acc routine seq
static double weigh(int i) { return weights[i % 4] * i + offset; }
int main(void) {
  double x[8];
  for (int k = 0; k < 4; k++)
    weights[k] = k + 1;
#pragma acc update device(weights)
#pragma acc parallel loop copyout(x)
  for (int i = 0; i < 8; i++)
    x[i] = weigh(i);
  weights[0] = -1;
#pragma acc update self(weights)
  printf("%g %g %g\n", x[1], x[7], weights[0]);
  return 0;
}
