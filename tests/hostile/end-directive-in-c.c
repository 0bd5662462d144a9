void f(void) {
#pragma acc parallel
  ;
#pragma acc end parallel
}
