void f(void) {
#line 7 "we\"ird\\ na:me 12:3.c"
#pragma acc parallel bogus
  ;
}
