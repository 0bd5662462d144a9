#pragma acc routine seq
double clamp01(double x);
int main(void) {
  double a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = clamp01(i / 32.0);
  return 0;
}
