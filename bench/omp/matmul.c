/* Dense matrix multiply C = A * B (naive triple loop), OpenMP version (same
 * kernel as bench/acc/matmul.c). Prints "matmul <seconds>" (best of REPS after
 * a warm-up) and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 576
#define REPS 3

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void matmul(const double *restrict a, const double *restrict b, double *restrict c, int n)
{
#pragma omp parallel for collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

int main(void)
{
    const int n = N;
    double *a = malloc((size_t)n * n * sizeof *a), *b = malloc((size_t)n * n * sizeof *b);
    double *c = malloc((size_t)n * n * sizeof *c);
    if (!a || !b || !c)
        return 2;
    for (int i = 0; i < n * n; i++) {
        a[i] = (i % 13) - 6;
        b[i] = (i % 11) - 5;
    }
    double best = 1e30;
    matmul(a, b, c, n); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        matmul(a, b, c, n);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    double sum = 0.0;
    for (int i = 0; i < n * n; i++)
        sum += c[i];
    printf("matmul %.6f\n", best);
    printf("checksum %.6e (%.2f GFLOP/s)\n", sum, 2.0 * n * n * n / best / 1e9);
    free(a);
    free(b);
    free(c);
    return 0;
}
