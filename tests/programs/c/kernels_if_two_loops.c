/* A kernels region whose gang-divided loops run in turn inside one kernel: two
 * `loop independent` loops under an `if`, the second reading what the first wrote at
 * other indices, and a gang loop inside a sequential time loop (CloverLeaf's advection
 * kernels have the first form). Gangs cannot wait for each other inside a kernel, so
 * such a kernel must run as one gang (before, the second loop read elements other gangs
 * had not written yet: a wrong answer on GPUs, seen under the mock CUDA driver). */
#include <stdio.h>

#define N 4096

int main(void)
{
    static double a[N], b[N], c[N], d[N];
    int errors = 0;
    for (int i = 0; i < N; i++)
        a[i] = b[i] = c[i] = 0.0;
    for (int pass = 0; pass < 2; pass++) {
#pragma acc kernels copy(a, b)
        {
            if (pass == 0) {
#pragma acc loop independent
                for (int i = 0; i < N; i++)
                    a[i] = i;
#pragma acc loop independent
                for (int i = 0; i < N; i++)
                    b[i] = a[N - 1 - i] + 1.0;
            } else {
#pragma acc loop independent
                for (int i = 0; i < N; i++)
                    a[i] = 2.0 * i;
#pragma acc loop independent
                for (int i = 0; i < N; i++)
                    b[i] = a[(i + N / 2) % N];
            }
        }
        for (int i = 0; i < N; i++) {
            double want = pass == 0 ? (N - 1 - i) + 1.0 : 2.0 * ((i + N / 2) % N);
            if (b[i] != want)
                errors++;
        }
    }
    /* gang loops inside a sequential loop: each step reads the neighbours of the last */
    for (int i = 0; i < N; i++)
        c[i] = i % 7;
#pragma acc kernels copy(c) create(d)
    {
        for (int t = 1; t <= 8; t++) {
#pragma acc loop independent
            for (int i = 0; i < N; i++)
                d[i] = 0.5 * (c[(i + 1) % N] + c[(i + N - 1) % N]) + t;
#pragma acc loop independent
            for (int i = 0; i < N; i++)
                c[i] = d[i];
        }
    }
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += c[i];
    printf("kernels_if_two_loops: errors = %d, sum = %.1f\n", errors, sum);
    return errors != 0;
}
