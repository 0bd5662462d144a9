void f(void) {
#pragma acc parallel loop