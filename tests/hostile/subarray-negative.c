void f(int *a) {
#pragma acc parallel copy(a[-1:-5])
  a[0] = 1;
}
