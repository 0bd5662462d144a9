/* deviceptr: a routine that takes a device address and says so with deviceptr.
 * The device address comes from host_data use_device on data the program
 * created, so it is valid on any device (with the API, acc_malloc would be
 * the other source; this suite does not use the API). */
#include <stdio.h>
#include <stdlib.h>

static void fill_dev(double *restrict d, int n, double v)
{
#pragma acc parallel loop deviceptr(d)
    for (int i = 0; i < n; i++)
        d[i] = v + i;
}

static void axpy_dev(double *restrict y, const double *restrict x, int n, double a)
{
#pragma acc kernels loop independent deviceptr(x, y)
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}

int main(void)
{
    int n = 4000, errors = 0;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    if (!x || !y)
        return 2;

#pragma acc data create(x[0:n]) copyout(y[0:n])
    {
#pragma acc host_data use_device(x, y)
        {
            fill_dev(x, n, 1.0);
            fill_dev(y, n, 0.0);
            axpy_dev(y, x, n, 2.0);
        }
    }

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (y[i] != i + 2.0 * (1.0 + i))
            errors++;
        s += (long)y[i];
    }
    printf("deviceptr_clause: sum = %ld, errors = %d\n", s, errors);
    free(x);
    free(y);
    return errors != 0;
}
