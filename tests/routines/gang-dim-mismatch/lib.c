/* Gang routines whose dimension differs from their declarations in main.c. */
#pragma acc routine gang(dim: 2)
void plane(int n, int *x)
{
#pragma acc loop gang(dim: 2)
  for (int i = 0; i < n; i++) x[i] = i;
}
#pragma acc routine device_type(nvidia) gang(dim: 2) device_type(*) gang
void tile(int n, int *x)
{
#pragma acc loop gang
  for (int i = 0; i < n; i++) x[i] = 2 * i;
}
