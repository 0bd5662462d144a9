/* Loop clauses per device type inside routines: each device type's link maps the routines'
   loops with its own clauses. rowsum's loop is vector on nvidia and seq on the host devices
   (an explicit routine); colsum has no routine directive, so its implicit level follows its
   loop: vector on nvidia, seq on host and multicore. */
#include <stdio.h>
void rowsum(int n, const double *a, double *out);
void colsum(int rows, int cols, int c, const double *a, double *out);
int main(void) {
  enum { R = 64, C = 100 };
  static double m[R * C], sums[R], cols[C];
  for (int i = 0; i < R * C; i++) m[i] = i % C;
#pragma acc parallel loop gang copyin(m) copyout(sums)
  for (int r = 0; r < R; r++)
    rowsum(C, m + r * C, sums + r);
#pragma acc parallel loop gang copyin(m) copyout(cols)
  for (int c = 0; c < C; c++)
    colsum(R, C, c, m, cols + c);
  for (int r = 0; r < R; r++)
    if (sums[r] != 99.0 * 100 / 2) {
      printf("wrong row %d: %g\n", r, sums[r]);
      return 1;
    }
  for (int c = 0; c < C; c++)
    if (cols[c] != 64.0 * c) {
      printf("wrong column %d: %g\n", c, cols[c]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
