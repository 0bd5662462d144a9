void f(int x) {
#pragma acc data copy(x)
}
