/* Loaded with dlopen, like a Python extension module: it must see the data that the program
 * put on the device, so it must share the program's runtime. */
double plugin_sum(const double *a, int n) {
  double sum = 0.0;
#pragma acc parallel loop present(a[0:n]) reduction(+:sum)
  for (int i = 0; i < n; i++)
    sum += a[i];
  return sum;
}
