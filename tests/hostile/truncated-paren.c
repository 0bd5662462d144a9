void f(void) {
#pragma acc parallel num_gangs(
  ;
}
