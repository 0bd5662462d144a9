int main(void) {
  double a[16];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 16; i++) a[i] = 2.0 * i;
  return a[15] == 30.0 ? 0 : 1;
}
