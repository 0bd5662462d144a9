void f(void) {
  _Pragma("acc parallel ;
}
