void f(int *a) {
#pragma acc data copyin(readonly:
  a[0] = 1;
}
