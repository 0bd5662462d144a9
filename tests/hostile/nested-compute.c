void f(int *a) {
#pragma acc parallel copy(a[0:4])
  {
#pragma acc kernels
    a[0] = 1;
  }
}
