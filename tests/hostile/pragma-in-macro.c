#define PLOOP _Pragma("acc parallel loop copyout(a)")
int main(void) {
  int a[8];
  PLOOP
  for (int i = 0; i < 8; i++) a[i] = i;
  return a[7] - 7;
}
