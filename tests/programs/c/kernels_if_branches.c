/* A kernels region whose if/else holds one loop nest in each branch: one branch runs, so each
 * nest is divided among the gangs (CloverLeaf's advection sweeps); the nest after the if gets
 * its own kernel and reads what either branch wrote. Checked for both branches, with every
 * element written by the gang that owns it. */
#include <stdio.h>
#include <stdlib.h>

static void sweep(int dir, int n, double *restrict a, double *restrict b)
{
#pragma acc kernels copy(a[0:n * n], b[0:n * n])
    {
        if (dir == 1) {
#pragma acc loop independent
            for (int k = 0; k < n; k++)
#pragma acc loop independent
                for (int j = 0; j < n; j++)
                    a[k * n + j] = k + 0.5 * j;
        } else {
#pragma acc loop independent
            for (int k = 0; k < n; k++)
#pragma acc loop independent
                for (int j = 0; j < n; j++)
                    a[k * n + j] = -k - 0.25 * j;
        }
#pragma acc loop independent
        for (int k = 0; k < n; k++)
#pragma acc loop independent
            for (int j = 0; j < n; j++)
                b[k * n + j] = 2 * a[(n - 1 - k) * n + j];
    }
}

int main(void)
{
    int n = 301, errors = 0;
    double *a = calloc((size_t)n * n, sizeof *a), *b = calloc((size_t)n * n, sizeof *b);
    for (int dir = 1; dir <= 2; dir++) {
        sweep(dir, n, a, b);
        for (int k = 0; k < n; k++)
            for (int j = 0; j < n; j++) {
                int m = n - 1 - k;
                double want = dir == 1 ? 2 * (m + 0.5 * j) : 2 * (-m - 0.25 * j);
                errors += b[k * n + j] != want;
            }
    }
    printf("kernels_if_branches: %d errors\n", errors);
    free(a);
    free(b);
    return errors != 0;
}
