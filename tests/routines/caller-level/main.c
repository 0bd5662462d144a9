#pragma acc routine seq
double outer(int n, const double *x);
int main(void) {
  static double x[256], r[4];
#pragma acc parallel loop copyin(x) copyout(r)
  for (int i = 0; i < 4; i++)
    r[i] = outer(64, x + 64 * i);
  return 0;
}
