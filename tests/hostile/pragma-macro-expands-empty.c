#define NOTHING
void f(void) {
#pragma acc NOTHING
}
