/* Matrix transpose t = a^T of an N x N double matrix, OpenACC version: the plain collapsed nest.
 * The arrays stay on the device (one data region); only the kernel is timed, best of REPS after
 * a warm-up. Prints "transpose <seconds>" and a checksum. */
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
#pragma acc parallel loop collapse(2) present(a[0:n * n], t[0:n * n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
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
#pragma acc data copyin(a[0:n * n]) copyout(t[0:n * n])
    {
        transpose(a, t, n); /* warm-up */
        for (int r = 0; r < REPS; r++) {
            double t0 = now();
            transpose(a, t, n);
            double s = now() - t0;
            if (s < best)
                best = s;
        }
    }
    double sum = 0.0;
    for (long i = 0; i < n; i++)
        sum += t[i * n + (i * 7) % n] * (double)(i % 3 + 1);
    printf("transpose %.6f\n", best);
    printf("checksum %.6e\n", sum);
    free(a);
    free(t);
    return 0;
}
