void g(void);
#pragma acc routine(
void f(void) {}
