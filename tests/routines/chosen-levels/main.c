/* main.c: loops whose levels accc chooses, calling routines of other files that have no
   directive here: the link lowers the chosen levels below each routine's (a vector routine
   in a `parallel loop`, a worker routine in `independent` loops of `kernels`, a gang routine in a
   `parallel loop`), where levels the user wrote would be errors. */
#include <stdio.h>
void scale_row(int n, double *row, double by);
void add_rows(int r, int c, double *m, const double *v);
void fill(int n, double *x, double value);
int main(void) {
  enum { R = 24, C = 96 };
  static double m[R * C], v[C], f[8 * C];
  for (int i = 0; i < R * C; i++) m[i] = i % C;
  for (int j = 0; j < C; j++) v[j] = 1;
#pragma acc parallel loop copy(m)
  for (int r = 0; r < R; r++)
    scale_row(C, m + r * C, 2);
#pragma acc kernels copy(m) copyin(v)
  {
#pragma acc loop independent
    for (int b = 0; b < 2; b++)
      add_rows(R / 2, C, m + b * (R / 2) * C, v);
#pragma acc loop independent
    for (int b = 0; b < 3; b++)
      add_rows(R / 3, C, m + b * (R / 3) * C, v);
    add_rows(R, C, m, v);
  }
#pragma acc parallel loop num_gangs(4) copyout(f)
  for (int k = 0; k < 8; k++)
    fill(C, f + k * C, k);
  for (int r = 0; r < R; r++)
    for (int j = 0; j < C; j++)
      if (m[r * C + j] != 2 * j + 3) {
        printf("m[%d][%d] = %g\n", r, j, m[r * C + j]);
        return 1;
      }
  for (int k = 0; k < 8; k++)
    for (int j = 0; j < C; j++)
      if (f[k * C + j] != k) {
        printf("f[%d][%d] = %g\n", k, j, f[k * C + j]);
        return 1;
      }
  printf("ok\n");
  return 0;
}
