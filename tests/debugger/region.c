/* tests/debugger.sh: gdb stops inside this compute region on the multicore device. */
#include <stdio.h>

int main(void) {
  double a[1000], s = 0;
  for (int i = 0; i < 1000; i++) a[i] = i;
#pragma acc parallel loop reduction(+:s) copyin(a)
  for (int i = 0; i < 1000; i++) {
    double twice = a[i] * 2;
    s += twice;
  }
  printf("%g\n", s);
  return 0;
}
