#pragma acc routine gang
void add_one(int n, double *x) {
#pragma acc loop gang vector
  for (int i = 0; i < n; i++) x[i] += 1;
}
