#include <stdio.h>
double weight(int i);
int main(void) {
  double a[100];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 100; i++)
    a[i] = weight(i);
  for (int i = 0; i < 100; i++)
    if (a[i] != 2.5 * i) {
      printf("wrong at %d: %g\n", i, a[i]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
