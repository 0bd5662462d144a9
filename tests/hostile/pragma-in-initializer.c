int f(void) {
  int a[] = {1,
#pragma acc parallel
  2};
  return a[0];
}
