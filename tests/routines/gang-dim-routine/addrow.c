/* A gang routine of dimension 1: its gang loop divides gang dimension 1. */
#pragma acc routine gang(dim: 1)
void addrow(int n, int row, int *x)
{
#pragma acc loop gang(dim: 1)
  for (int j = 0; j < n; j++) x[j] += row * 1000 + j;
}
