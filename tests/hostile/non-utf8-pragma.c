void f(int *a) {
#pragma acc parallel copy(ÿþ)
  a[0] = 1;
}
