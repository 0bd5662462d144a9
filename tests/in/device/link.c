/* declare link: the device module holds only a pointer to the linked array,
 * `__accc_link_coeff`, which the routine and the kernel load and index through (the runtime
 * points it at the mapped copy). */
float coeff[1 << 20];
#pragma acc declare link(coeff)
#pragma acc routine seq
float term(int i) { return coeff[i] * 2.0f; }
void apply(int n, float *restrict y) {
#pragma acc data copyin(coeff[0:n])
  {
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; i++)
      y[i] += term(i) + coeff[n - 1 - i];
  }
}
