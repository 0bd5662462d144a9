void f(void) {
#pragma acc parallel num_gangs(99999999999999999999999999) vector_length(-9223372036854775808)
  ;
}
