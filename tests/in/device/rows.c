/* Redundant code that stores (the leader stores between barriers) around a vector loop. */
void rows(int n, int m, const float *a, float *rowsum) {
#pragma acc parallel loop gang copyin(a[0:n*m]) copyout(rowsum[0:n])
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < m; j++)
      s += a[i * m + j];
    rowsum[i] = s;
  }
}
