/* STREAM triad a[i] = b[i] + s * c[i], OpenMP version (same kernel as
 * bench/acc/stream.c). Prints "stream <seconds>" (best of REPS) and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1 << 24)
#define REPS 10

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void triad(double *restrict a, const double *restrict b, const double *restrict c, double s, int n)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
}

int main(void)
{
    const int n = N;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    if (!a || !b || !c)
        return 2;
    /* first touch in parallel, as the kernel will use the pages */
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = 1.0 + (i % 7);
        c[i] = 0.5 * (i % 5);
    }
    double best = 1e30;
    triad(a, b, c, 3.0, n); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        triad(a, b, c, 3.0, n);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += a[i];
    printf("stream %.6f\n", best);
    printf("checksum %.6e (%.2f GB/s)\n", sum, 3.0 * n * sizeof(double) / best / 1e9);
    free(a);
    free(b);
    free(c);
    return 0;
}
