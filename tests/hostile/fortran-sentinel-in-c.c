void f(void) {
!$acc parallel
}
