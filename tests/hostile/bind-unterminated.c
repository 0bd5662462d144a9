#pragma acc routine seq bind("unterminated
void f(void) {}
