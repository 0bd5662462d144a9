void f(void) {
#line 1 "/"
#pragma acc parallel bogus
  ;
}
