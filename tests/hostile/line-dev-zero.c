void f(void) {
#line 1 "/dev/zero"
#pragma acc parallel bogus
  ;
}
