#pragma acc routine gang(dim: 2)
void plane(int n, int *x);
#pragma acc routine gang(dim: 1)
void row(int n, int *x);
int main(void) {
  static int x[4096];
#pragma acc parallel loop gang(dim: 2) num_gangs(2, 2) copy(x)
  for (int b = 0; b < 4; b++)
    plane(1024, x + 1024 * b);
#pragma acc parallel loop gang(dim: 2) num_gangs(2, 2) copy(x)
  for (int b = 0; b < 4; b++)
    row(1024, x + 1024 * b);
  return 0;
}
