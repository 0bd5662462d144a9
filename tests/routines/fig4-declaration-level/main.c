#include <stdio.h>
#include "kernels.h"
int main(void) {
  enum { R = 16, C = 256 };
  static float x[R * C], y[R * C];
  for (int i = 0; i < R * C; i++) { x[i] = i; y[i] = 1; }
#pragma acc parallel loop gang copyin(x) copy(y)
  for (int r = 0; r < R; r++)
    saxpy_row(C, 2.0f, x + r * C, y + r * C);
  for (int i = 0; i < R * C; i++)
    if (y[i] != 2.0f * i + 1) {
      printf("wrong at %d: %g\n", i, y[i]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
