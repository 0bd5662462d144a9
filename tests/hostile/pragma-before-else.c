void f(int c, int x) {
  if (c) x = 1;
#pragma acc parallel
  else x = 2;
}
