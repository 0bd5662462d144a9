/* Jacobi sweeps on a 2-D grid, OpenMP version (same kernel as bench/acc/jacobi.c).
 * Prints "jacobi <seconds>" (best of REPS after a warm-up) and a checksum. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1792
#define SWEEPS 10
#define REPS 5

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double sweeps(double *restrict u, double *restrict v, int n)
{
    double change = 0.0;
    for (int s = 0; s < SWEEPS; s++) {
        change = 0.0;
#pragma omp parallel for collapse(2) reduction(max:change)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                double t = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
                change = fmax(change, fabs(t - u[i * n + j]));
                v[i * n + j] = t;
            }
#pragma omp parallel for collapse(2)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                u[i * n + j] = v[i * n + j];
    }
    return change;
}

int main(void)
{
    const int n = N;
    double *u = malloc((size_t)n * n * sizeof *u), *v = malloc((size_t)n * n * sizeof *v);
    if (!u || !v)
        return 2;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            u[i * n + j] = v[i * n + j] = (i == 0 || j == 0) ? 1.0 : 0.0;
    double best = 1e30, change = 0.0;
    sweeps(u, v, n); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        change = sweeps(u, v, n);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    double sum = 0.0;
    for (int i = 0; i < n * n; i++)
        sum += u[i];
    printf("jacobi %.6f\n", best);
    printf("checksum %.6e (last change %.3e)\n", sum, change);
    free(u);
    free(v);
    return 0;
}
