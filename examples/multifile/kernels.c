/* kernels.c: parallel loops that call routines from another file (util.c). */
#include "kernels.h"
#include "util.h"

void ramp(double *restrict y, const double *restrict x, int n, double lo, double hi)
{
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = smoothstep(lo, hi, x[i]);
}

long digit_sums(const long *restrict v, int *restrict out, int n)
{
    long total = 0;
#pragma acc parallel loop copyin(v[0:n]) copyout(out[0:n]) reduction(+:total)
    for (int i = 0; i < n; i++) {
        out[i] = digit_sum(v[i]);
        total += out[i];
    }
    return total;
}
