/* The training course's Jacobi in C: a `kernels` region whose convergence error is an implicit
 * max reduction (`err = fmax(err, fabs(...))` with no reduction clause), which accc must find
 * to run the sweep in parallel. Built as bench/classes/reduce.c is (accc, OpenMP, serial). */
#include <math.h>
#include <stdio.h>
#include <time.h>

#define N 1024
#define ITERS 50

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double A[N][N], Anew[N][N];

int main(void)
{
    for (int j = 0; j < N; j++) {
        A[j][0] = 1.0;
        Anew[j][0] = 1.0;
    }
    double err = 1.0, best = 1e9;
#pragma acc data copy(A) create(Anew)
    for (int iter = 0; iter < ITERS; iter++) {
        double t0 = now();
        err = 0.0;
#pragma acc kernels
        {
#pragma omp parallel for reduction(max:err)
            for (int j = 1; j < N - 1; j++)
                for (int i = 1; i < N - 1; i++) {
                    Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
                    err = fmax(err, fabs(Anew[j][i] - A[j][i]));
                }
#pragma omp parallel for
            for (int j = 1; j < N - 1; j++)
                for (int i = 1; i < N - 1; i++)
                    A[j][i] = Anew[j][i];
        }
        double t = now() - t0;
        best = t < best ? t : best;
    }
    printf("kernels_jacobi %.6g\nchecksum %.10f\n", best, err);
    return 0;
}
