void f(int c, int x) {
  switch (c) {
  case 1:
#pragma acc parallel copy(x)
  }
}
