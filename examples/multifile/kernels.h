/* kernels.h: the compute kernels of this example (defined in kernels.c). */
#ifndef KERNELS_H
#define KERNELS_H

void ramp(double *restrict y, const double *restrict x, int n, double lo, double hi);
long digit_sums(const long *restrict v, int *restrict out, int n);

#endif
