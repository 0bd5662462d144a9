void f(void) {
#pragma acc
}
