int f(int a) {
  int b = a +
#pragma acc parallel
    1;
  return b;
}
