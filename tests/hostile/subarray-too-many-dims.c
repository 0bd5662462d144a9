void f(void) {
  int a[4][4];
#pragma acc parallel copy(a[0:1][0:1][0:1][0:1][0:1][0:1][0:1][0:1])
  a[0][0] = 1;
}
