/* Routine levels and bind names per device type: rowsum is vector on nvidia and seq on the
   host devices, scale binds to scale_gpu on nvidia only. */
#include <stdio.h>
void rowsum(int n, const double *a, double *out);
double scale(double x);
int main(void) {
  enum { R = 64, C = 100 };
  static double m[R * C], sums[R];
  for (int i = 0; i < R * C; i++) m[i] = i % C;
#pragma acc parallel loop gang copyin(m) copyout(sums)
  for (int r = 0; r < R; r++)
    rowsum(C, m + r * C, sums + r);
#pragma acc parallel loop gang vector copy(sums)
  for (int r = 0; r < R; r++)
    sums[r] = scale(sums[r]);
  for (int r = 0; r < R; r++)
    if (sums[r] != 2 * (99.0 * 100 / 2)) {
      printf("wrong row %d: %g\n", r, sums[r]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
