#include <stdio.h>
#pragma acc routine gang
void add_one(int n, double *x);
int main(void) {
  static double x[1000];
  for (int i = 0; i < 1000; i++) x[i] = i;
#pragma acc parallel num_gangs(4) copy(x)
  {
    add_one(1000, x);
  }
  double s = 0;
  for (int i = 0; i < 1000; i++) s += x[i];
  if (s != 499500.0 + 1000) {
    printf("wrong: %g\n", s);
    return 1;
  }
  printf("ok\n");
  return 0;
}
