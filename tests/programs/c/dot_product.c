/* dot products: an exact integer-valued one, a float one checked with a
 * relative tolerance, and a blocked one with per-gang partial sums. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 1 << 20, errors = 0;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    float *xf = malloc(n * sizeof *xf), *yf = malloc(n * sizeof *yf);
    for (int i = 0; i < n; i++) {
        x[i] = i % 100;
        y[i] = (i % 7) - 3;
        xf[i] = 1.0f / (1.0f + (float)(i % 1000));
        yf[i] = (float)(i % 3);
    }

    double d = 0.0;
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:d)
    for (int i = 0; i < n; i++)
        d += x[i] * y[i];

    double df = 0.0; /* accumulate the float products in double */
#pragma acc parallel loop copyin(xf[0:n], yf[0:n]) reduction(+:df)
    for (int i = 0; i < n; i++)
        df += (double)(xf[i] * yf[i]);

    int nb = 256, bs = n / 256;
    double *part = malloc(nb * sizeof *part);
#pragma acc parallel loop gang copyin(x[0:n], y[0:n]) copyout(part[0:nb])
    for (int b = 0; b < nb; b++) {
        double s = 0.0;
#pragma acc loop vector reduction(+:s)
        for (int i = b * bs; i < (b + 1) * bs; i++)
            s += x[i] * y[i];
        part[b] = s;
    }
    double blocked = 0.0;
    for (int b = 0; b < nb; b++)
        blocked += part[b];

    double rd = 0.0, rdf = 0.0;
    for (int i = 0; i < n; i++) {
        rd += x[i] * y[i];
        rdf += (double)(xf[i] * yf[i]);
    }
    if (d != rd || blocked != rd || fabs(df - rdf) > 1e-9 * fabs(rdf))
        errors++;
    printf("dot_product: exact = %.0f, float = %.4e, errors = %d\n", d, df, errors);
    free(x);
    free(y);
    free(xf);
    free(yf);
    free(part);
    return errors != 0;
}
