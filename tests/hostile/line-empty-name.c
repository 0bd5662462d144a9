void f(void) {
#line 3 ""
#pragma acc parallel bogus
  ;
}
