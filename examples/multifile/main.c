/* A program in three files: main.c calls kernels in kernels.c, whose parallel
 * loops call `routine seq` functions defined in util.c and declared in util.h.
 * Build: accc -fopenacc -O2 main.c kernels.c util.c -o multifile
 *   or:  accc -fopenacc -c *.c && accc -fopenacc *.o -o multifile */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"
#include "util.h"

int main(void)
{
    const int n = 100000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    long *v = malloc(n * sizeof *v);
    int *ds = malloc(n * sizeof *ds);
    if (!x || !y || !v || !ds)
        return 2;
    for (int i = 0; i < n; i++) {
        x[i] = (double)i / (n - 1);
        v[i] = (long)i * 7919 - 123456;
    }

    ramp(y, x, n, 0.25, 0.75);
    long total = digit_sums(v, ds, n);

    long errors = 0, want_total = 0;
    for (int i = 0; i < n; i++) {
        if (fabs(y[i] - smoothstep(0.25, 0.75, x[i])) > 1e-15)
            errors++;
        int d = digit_sum(v[i]);
        errors += ds[i] != d;
        want_total += d;
    }
    errors += total != want_total;
    /* exact points: the ramp is 0 below 0.25, 1 above 0.75 and 0.5 in the middle */
    errors += y[0] != 0.0 || y[n - 1] != 1.0 || fabs(smoothstep(0.25, 0.75, 0.5) - 0.5) > 1e-15;
    printf("multifile: ramp(0.5) = %.3f, digit sums total %ld, %ld errors\n", smoothstep(0.25, 0.75, 0.5), total,
           errors);
    free(x);
    free(y);
    free(v);
    free(ds);
    return errors != 0;
}
