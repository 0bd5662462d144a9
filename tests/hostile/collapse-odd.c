void f(int *a) {
#pragma acc parallel loop collapse(0)
  for (int i = 0; i < 4; i++) a[i] = 0;
#pragma acc parallel loop collapse(4294967297)
  for (int i = 0; i < 4; i++) a[i] = 0;
#pragma acc parallel loop collapse(-1)
  for (int i = 0; i < 4; i++) a[i] = 0;
}
