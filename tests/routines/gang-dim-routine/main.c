/* Rows divided over gang dimension 2, each row's elements by the routine over dimension 1:
 * every element is added to exactly once. */
#include <stdio.h>
#pragma acc routine gang(dim: 1)
void addrow(int n, int row, int *x);
#define ROWS 8
#define COLS 64
int main(void) {
  static int x[ROWS * COLS];
#pragma acc parallel loop gang(dim: 2) num_gangs(2, 4) copy(x)
  for (int i = 0; i < ROWS; i++)
    addrow(COLS, i, x + i * COLS);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      if (x[i * COLS + j] != i * 1000 + j) {
        printf("x[%d][%d] = %d\n", i, j, x[i * COLS + j]);
        return 1;
      }
  printf("ok\n");
  return 0;
}
