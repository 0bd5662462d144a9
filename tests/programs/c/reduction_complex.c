/* reductions on complex types: + and * on double _Complex and float _Complex.
 * Parts stay small integers, so the result is exact in any order. */
#include <complex.h>
#include <stdio.h>

#define N 2000

int main(void)
{
    int n = N, errors = 0;
    double _Complex zs = 0.0, zp = 1.0, rzs = 0.0, rzp = 1.0;
    float _Complex fs = 0.0f, fp = 1.0f, rfs = 0.0f, rfp = 1.0f;

#pragma acc parallel loop reduction(+:zs, fs) reduction(*:zp, fp)
    for (int i = 0; i < n; i++) {
        zs += (double)(i % 7) + (double)(i % 5 - 2) * I;
        fs += (float)(i % 3) - (float)(i % 4) * I;
        /* (1+i)^k and i^m: exact small Gaussian integers */
        if (i % 100 == 1)
            zp *= 1.0 + 1.0 * I;
        if (i % 3 == 0)
            fp *= (float _Complex)I;
    }
    for (int i = 0; i < n; i++) {
        rzs += (double)(i % 7) + (double)(i % 5 - 2) * I;
        rfs += (float)(i % 3) - (float)(i % 4) * I;
        if (i % 100 == 1)
            rzp *= 1.0 + 1.0 * I;
        if (i % 3 == 0)
            rfp *= (float _Complex)I;
    }
    if (zs != rzs || zp != rzp || fs != rfs || fp != rfp)
        errors++;
    printf("reduction_complex: sum = %.0f%+.0fi, prod = %.0f%+.0fi, fsum = %.0f%+.0fi, fprod = %.0f%+.0fi, errors = %d\n",
           /* + 0.0 turns a -0 (whose sign depends on the order) into 0 */
           creal(zs) + 0.0, cimag(zs) + 0.0, creal(zp) + 0.0, cimag(zp) + 0.0, crealf(fs) + 0.0,
           cimagf(fs) + 0.0, crealf(fp) + 0.0, cimagf(fp) + 0.0,
           errors);
    return errors != 0;
}
