/* Reduction speed by operator: the same loop over 2^24 doubles with reduction(+), with
 * reduction(max) written as fmax and as a select, and the fmax/fabs error of two arrays (the
 * Jacobi error). Each loop carries an OpenACC and an OpenMP directive: built with accc
 * -fopenacc it runs on the multicore device, with gcc -fopenmp on OpenMP threads, with plain
 * gcc it is the serial loop. Prints "<name> <best seconds>" and a checksum line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1 << 24)
#define REPS 10

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    if (!a || !b)
        return 1;
    for (int i = 0; i < N; i++) {
        a[i] = sin(i * 0.001);
        b[i] = cos(i * 0.002);
    }
    double best[4] = {1e9, 1e9, 1e9, 1e9};
    double s = 0.0, m = 0.0, t = 0.0, e = 0.0;
#pragma acc data copyin(a[0:N], b[0:N])
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        s = 0.0;
#pragma acc parallel loop reduction(+:s)
#pragma omp parallel for reduction(+:s)
        for (int i = 0; i < N; i++)
            s += a[i];
        double t1 = now();
        m = -HUGE_VAL;
#pragma acc parallel loop reduction(max:m)
#pragma omp parallel for reduction(max:m)
        for (int i = 0; i < N; i++)
            m = fmax(m, a[i]);
        double t2 = now();
        t = -HUGE_VAL;
#pragma acc parallel loop reduction(max:t)
#pragma omp parallel for reduction(max:t)
        for (int i = 0; i < N; i++)
            t = a[i] > t ? a[i] : t;
        double t3 = now();
        e = 0.0;
#pragma acc parallel loop reduction(max:e)
#pragma omp parallel for reduction(max:e)
        for (int i = 0; i < N; i++)
            e = fmax(e, fabs(a[i] - b[i]));
        double t4 = now();
        double spans[4] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3};
        for (int k = 0; k < 4; k++)
            best[k] = spans[k] < best[k] ? spans[k] : best[k];
    }
    printf("sum %.6g\nmax %.6g\nmax_select %.6g\nfmax_fabs %.6g\n", best[0], best[1], best[2],
           best[3]);
    printf("checksum %.6f %.6f %.6f %.6f\n", s, m, t, e);
    free(a);
    free(b);
    return 0;
}
