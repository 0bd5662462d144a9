#include <stdio.h>
double scale(double x);
int main(void) {
  double a[512];
  for (int i = 0; i < 512; i++) a[i] = i;
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 512; i++)
    a[i] = scale(a[i]);
  double s = 0;
  for (int i = 0; i < 512; i++) s += a[i];
  /* scale(x) = shift(2x) + x = 3x + 1 */
  if (s != 3.0 * 511 * 512 / 2 + 512) {
    printf("wrong: %g\n", s);
    return 1;
  }
  printf("ok\n");
  return 0;
}
