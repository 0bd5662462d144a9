int main(void) {
  int a[8];
#pragma acc parallel loop \
  copyout(a)
  for (int i = 0; i < 8; i++) a[i] = i;
  return 0;
}
