#pragma acc routine gang
void fill(int n, double *x);
int main(void) {
  static double x[4096];
#pragma acc parallel loop gang copy(x)
  for (int b = 0; b < 4; b++)
    fill(1024, x + 1024 * b);
  return 0;
}
