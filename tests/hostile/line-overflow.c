void f(void) {
#line 4294967296
#pragma acc parallel bogus
  ;
}
