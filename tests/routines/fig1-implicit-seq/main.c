#include <stdio.h>
double sq(double x);
int main(void) {
  double a[1000];
  for (int i = 0; i < 1000; i++) a[i] = i * 0.5;
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 1000; i++)
    a[i] = sq(a[i]);
  for (int i = 0; i < 1000; i++)
    if (a[i] != (i * 0.5) * (i * 0.5)) {
      printf("wrong at %d: %g\n", i, a[i]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
