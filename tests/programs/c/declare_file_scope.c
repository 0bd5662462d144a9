/* declare at file scope: create (filled with update device), copyin of an
 * initialised table, device_resident scratch space, all used from compute
 * regions and from a routine without data clauses. */
#include <stdio.h>

#define N 1000
#define M 8

static double coef[M];
#pragma acc declare create(coef)

static int table[4] = {1, 10, 100, 1000};
#pragma acc declare copyin(table)

static double scratch[N];
#pragma acc declare device_resident(scratch)

#pragma acc routine seq
static double poly(double x)
{
    double r = 0.0;
    for (int k = M - 1; k >= 0; k--)
        r = r * x + coef[k];
    return r;
}

int main(void)
{
    int n = N, errors = 0;
    static double out[N];
    for (int k = 0; k < M; k++)
        coef[k] = k + 1;
#pragma acc update device(coef)

#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        scratch[i] = poly((double)(i % 3)) + table[i % 4];

#pragma acc parallel loop copyout(out[0:n])
    for (int i = 0; i < n; i++)
        out[i] = scratch[i] * 2.0;

    long sum = 0;
    for (int i = 0; i < n; i++) {
        double x = i % 3, r = 0.0;
        for (int k = M - 1; k >= 0; k--)
            r = r * x + (k + 1);
        if (out[i] != 2.0 * (r + table[i % 4]))
            errors++;
        sum += (long)out[i];
    }
    printf("declare_file_scope: sum = %ld, errors = %d\n", sum, errors);
    return errors != 0;
}
