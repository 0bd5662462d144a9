/* default(present): arrays used in the compute regions must already be on the
 * device; an enclosing data region (and enter data) puts them there. */
#include <stdio.h>
#include <stdlib.h>

static void relax(double *u, double *w, int n)
{
#pragma acc parallel loop default(present)
    for (int i = 1; i < n - 1; i++)
        w[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma acc parallel loop default(present)
    for (int i = 1; i < n - 1; i++)
        u[i] = w[i];
}

int main(void)
{
    int n = 1024, errors = 0;
    double *u = malloc(n * sizeof *u), *w = malloc(n * sizeof *w);
    for (int i = 0; i < n; i++)
        u[i] = w[i] = 0.0;
    u[n - 1] = w[n - 1] = (double)(n - 1);
    /* the steady state of this relaxation is u[i] = i; start there and check it stays */
    for (int i = 0; i < n; i++)
        u[i] = i;

#pragma acc data copy(u[0:n]) create(w[0:n])
    {
        for (int it = 0; it < 10; it++)
            relax(u, w, n);
    }

    static double c[64];
#pragma acc enter data create(c[0:64])
#pragma acc kernels default(present)
    for (int i = 0; i < 64; i++)
        c[i] = i * 0.25;
#pragma acc exit data copyout(c[0:64])

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (u[i] != (double)i)
            errors++;
        s += (long)u[i];
    }
    for (int i = 0; i < 64; i++)
        if (c[i] != i * 0.25)
            errors++;
    printf("default_present: sum = %ld, errors = %d\n", s, errors);
    free(u);
    free(w);
    return errors != 0;
}
