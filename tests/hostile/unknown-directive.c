void f(void) {
#pragma acc frobnicate all the things
}
