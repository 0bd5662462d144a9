/* asinh, acosh and atanh (and their float versions) in device code, against the host's
 * values. accc-all-offloaded */
#include <math.h>
#include <stdio.h>

int main(void)
{
    enum { N = 200 };
    double x[N], r[N];
    float f[N];
    int errors = 0;
    for (int i = 0; i < N; i++)
        x[i] = (i - 100) * 0.01;
#pragma acc parallel loop copyin(x) copyout(r, f)
    for (int i = 0; i < N; i++) {
        r[i] = asinh(x[i]) + acosh(1.5 + fabs(x[i])) + atanh(x[i] * 0.5);
        f[i] = asinhf((float)x[i]) + atanhf((float)x[i] * 0.5f);
    }
    for (int i = 0; i < N; i++) {
        double want = asinh(x[i]) + acosh(1.5 + fabs(x[i])) + atanh(x[i] * 0.5);
        float wantf = asinhf((float)x[i]) + atanhf((float)x[i] * 0.5f);
        errors += fabs(r[i] - want) > 1e-14 * (1 + fabs(want));
        errors += fabsf(f[i] - wantf) > 1e-6f * (1 + fabsf(wantf));
    }
    printf("inverse_hyperbolic: %d errors\n", errors);
    return errors != 0;
}
