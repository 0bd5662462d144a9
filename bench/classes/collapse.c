/* collapse(2) against the plain nest (a gang loop over the rows and a loop over the columns)
 * on a 1024x1024 five-point stencil. Built as bench/classes/reduce.c is (accc, OpenMP,
 * serial). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1024
#define REPS 20

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
    int n = N;
    double(*a)[N] = malloc(sizeof(double[N][N])), (*b)[N] = malloc(sizeof(double[N][N]));
    if (!a || !b)
        return 1;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            a[j][i] = (i * 7 + j * 3) % 11;
            b[j][i] = 0.0;
        }
    double collapsed = 1e9, nest = 1e9;
#pragma acc data copyin(a[0:N]) copy(b[0:N])
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
#pragma acc parallel loop collapse(2)
#pragma omp parallel for collapse(2)
        for (int j = 1; j < n - 1; j++)
            for (int i = 1; i < n - 1; i++)
                b[j][i] = 0.25 * (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]);
        double t1 = now();
#pragma acc parallel loop
#pragma omp parallel for
        for (int j = 1; j < n - 1; j++)
#pragma acc loop
            for (int i = 1; i < n - 1; i++)
                b[j][i] = 0.25 * (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]);
        double t2 = now();
        collapsed = t1 - t0 < collapsed ? t1 - t0 : collapsed;
        nest = t2 - t1 < nest ? t2 - t1 : nest;
    }
    double sum = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            sum += b[j][i];
    printf("collapse %.6g\nnest %.6g\nchecksum %.6e\n", collapsed, nest, sum);
    free(a);
    free(b);
    return 0;
}
