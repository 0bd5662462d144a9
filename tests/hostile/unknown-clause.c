void f(void) {
#pragma acc parallel loop bogus(3) gang
  for (int i = 0; i < 4; i++) ;
}
