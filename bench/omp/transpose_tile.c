/* Matrix transpose t = a^T of an N x N double matrix, OpenMP version of bench/acc/transpose_tile.c:
 * tiles of 32 x 32 written out by hand. Prints "transpose_tile <seconds>" and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 4096
#define REPS 10

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void transpose(const double *restrict a, double *restrict t, int n)
{
#pragma omp parallel for collapse(2)
    for (int ti = 0; ti < n; ti += 32)
        for (int tj = 0; tj < n; tj += 32)
            for (int i = ti; i < ti + 32 && i < n; i++)
                for (int j = tj; j < tj + 32 && j < n; j++)
                    t[(long)j * n + i] = a[(long)i * n + j];
}

int main(void)
{
    const int n = N;
    double *a = malloc((size_t)n * n * sizeof *a), *t = malloc((size_t)n * n * sizeof *t);
    if (!a || !t)
        return 2;
    for (long i = 0; i < (long)n * n; i++) {
        a[i] = (double)(i % 1013);
        t[i] = 0.0;
    }
    double best = 1e30;
    transpose(a, t, n); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        transpose(a, t, n);
        double s = now() - t0;
        if (s < best)
            best = s;
    }
    double sum = 0.0;
    for (long i = 0; i < n; i++)
        sum += t[i * n + (i * 7) % n] * (double)(i % 3 + 1);
    printf("transpose_tile %.6f\n", best);
    printf("checksum %.6e\n", sum);
    free(a);
    free(t);
    return 0;
}
