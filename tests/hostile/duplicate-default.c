void f(void) {
#pragma acc parallel default(none) default(present)
  ;
}
