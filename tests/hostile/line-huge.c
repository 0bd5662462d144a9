void f(void) {
#line 2147483647
#pragma acc parallel bogus
  ;
}
