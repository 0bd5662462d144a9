/* A gang(dim: 2) routine, and a gang(dim: 1) routine whose loop divides dimension 2. */
#pragma acc routine gang(dim: 2)
void plane(int n, int *x)
{
#pragma acc loop gang(dim: 2)
  for (int i = 0; i < n; i++) x[i] = i;
}
#pragma acc routine gang(dim: 1)
void row(int n, int *x)
{
#pragma acc loop gang(dim: 2)
  for (int i = 0; i < n; i++) x[i] = i;
}
