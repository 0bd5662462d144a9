double from_gcc(double x);
double noisy(double x);
int main(void) {
  double a[16] = {0};
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 16; i++)
    a[i] = from_gcc(a[i]) + noisy(a[i]);
  return 0;
}
