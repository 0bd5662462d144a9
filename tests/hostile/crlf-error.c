void f(void) {
#pragma acc parallel bogus
  ;
}
