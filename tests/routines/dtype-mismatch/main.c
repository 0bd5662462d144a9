/* The nvidia levels of clamp01 differ between the files; the other device types agree. */
double clamp01(double x);
#pragma acc routine(clamp01) seq device_type(nvidia) worker
int main(void) {
  double a[64];
#pragma acc parallel loop gang copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = clamp01(i / 32.0);
  return 0;
}
