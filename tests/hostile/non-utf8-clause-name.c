void f(void) {
#pragma acc parallel copéy(x)
  ;
}
