void f(int *a) {
#pragma acc parallel copy(a[0:
  a[0] = 1;
}
