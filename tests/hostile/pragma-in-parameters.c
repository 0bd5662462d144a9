int f(int a,
#pragma acc routine seq
      int b) {
  return a + b;
}
