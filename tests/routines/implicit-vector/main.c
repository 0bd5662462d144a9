#include <stdio.h>
void normalise(int n, double *row);
int main(void) {
  enum { R = 32, C = 128 };
  static double m[R * C];
  for (int i = 0; i < R * C; i++) m[i] = 1 + i % C;
#pragma acc parallel loop gang copy(m)
  for (int r = 0; r < R; r++)
    normalise(C, m + r * C);
  for (int r = 0; r < R; r++) {
    double s = 0;
    for (int j = 0; j < C; j++) s += m[r * C + j];
    if (s < 0.999999 || s > 1.000001) {
      printf("row %d sums to %g\n", r, s);
      return 1;
    }
  }
  printf("ok\n");
  return 0;
}
