#pragma acc routine device_type(nvidia) gang dtype(host, multicore) seq
void fill(int n, double *row, double v) {
#pragma acc loop device_type(nvidia) gang
  for (int j = 0; j < n; j++) row[j] = v;
}
