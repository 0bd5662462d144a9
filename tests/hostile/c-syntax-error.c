void f(int *a) {
#pragma acc parallel copy(a[0:4])
  a[0] = ;
}
