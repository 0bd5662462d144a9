#include <stdio.h>
double scale(double x);
double twice(double x);
int main(void) {
  double a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = scale(i) + twice(i);
  for (int i = 0; i < 64; i++)
    if (a[i] != 6.0 * i) {
      printf("a[%d] = %g\n", i, a[i]);
      return 1;
    }
  return 0;
}
