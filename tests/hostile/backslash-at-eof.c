void f(void) {}
#pragma acc routine seq \