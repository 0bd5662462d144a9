# 99 "fake.c" 1 3 4
void f(void) {
#pragma acc parallel bogus
  ;
}
