void f(int n, int *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0;
#pragma acc loop
       i < n; i++) a[i] = i;
}
