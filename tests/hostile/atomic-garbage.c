void f(int x, int y) {
#pragma acc parallel copy(x)
  {
#pragma acc atomic update
    x = y;
  }
}
