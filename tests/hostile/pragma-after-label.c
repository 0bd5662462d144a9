void f(void) {
out:
#pragma acc parallel
}
