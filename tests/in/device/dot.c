/* A reduction: per-thread partials, combined through shared memory, then atomically per gang. */
double dot(int n, const double *x, const double *y) {
  double sum = 0.0;
#pragma acc parallel loop reduction(+:sum) copyin(x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    sum += x[i] * y[i];
  return sum;
}
