/* Worker loop of a one-gang region: parallel num_gangs(1) with a `loop worker` (and a sum
 * reduction) over 2^24 doubles, each element a degree-16 polynomial (Horner), OpenACC version.
 * The gang's worker loop is split over the threads the launch leaves idle (fork-join), so
 * ACC_NUM_CORES=1 and 2 compare one thread with two. Prints "worker <seconds>" (best of REPS
 * after a warm-up, kernel only) and a checksum. */
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

static double poly(double *restrict y, const double *restrict x, int n)
{
    double sum = 0.0;
#pragma acc parallel num_gangs(1) present(x[0:n], y[0:n]) reduction(+:sum)
    {
#pragma acc loop worker reduction(+:sum)
        for (int i = 0; i < n; i++) {
            double v = x[i], p = 1.0;
            for (int k = 1; k <= 16; k++)
                p = p * v + 1.0 / k;
            y[i] = p;
            sum += p;
        }
    }
    return sum;
}

int main(void)
{
    const int n = N;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    if (!x || !y)
        return 2;
    for (int i = 0; i < n; i++)
        x[i] = (i % 1024) / 1024.0;
    double best = 1e30, sum = 0.0;
#pragma acc data copyin(x[0:n]) copyout(y[0:n])
    {
        poly(y, x, n); /* warm-up */
        for (int r = 0; r < REPS; r++) {
            double t0 = now();
            sum = poly(y, x, n);
            double t = now() - t0;
            if (t < best)
                best = t;
        }
    }
    printf("worker %.6f\n", best);
    printf("checksum %.6e\n", sum);
    free(x);
    free(y);
    return 0;
}
