#pragma acc routine gang
void fill(int n, double *x) {
#pragma acc loop gang
  for (int i = 0; i < n; i++) x[i] = i;
}
