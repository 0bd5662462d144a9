void f(void) {
#line 0
#pragma acc parallel bogus
  ;
}
