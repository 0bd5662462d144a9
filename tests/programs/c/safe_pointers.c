/* -Msafeptr: kernels loops over pointers not declared restrict run in parallel when the user
 * vouches that they do not alias (NVHPC's flag), and must give the serial answers: a 2-D
 * stencil through parameters and a scaled copy through a static pointer. accc-cores: 1 3
 * accc-flags: -Msafeptr
 */
#include <stdio.h>
#include <stdlib.h>

static double *scratch;

static void smooth(int n, const double *u, double *v)
{
#pragma acc kernels copyin(u[0:n * n]) copy(v[0:n * n])
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            v[i * n + j] = 0.2 * (u[i * n + j] + u[i * n + j - 1] + u[i * n + j + 1] +
                                  u[(i - 1) * n + j] + u[(i + 1) * n + j]);
}

static void stash(int n, const double *v)
{
#pragma acc kernels copyin(v[0:n * n]) copyout(scratch[0:n * n])
    for (int i = 0; i < n * n; i++)
        scratch[i] = 3.0 * v[i] - i;
}

int main(void)
{
    int n = 300, errors = 0;
    double *u = malloc(sizeof(double) * n * n), *v = malloc(sizeof(double) * n * n);
    scratch = malloc(sizeof(double) * n * n);
    if (!u || !v || !scratch)
        return 2;
    for (int i = 0; i < n * n; i++) {
        u[i] = (i * 7919) % 101;
        v[i] = -1.0;
    }
    smooth(n, u, v);
    stash(n, v);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double want = -1.0;
            if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
                want = 0.2 * (u[i * n + j] + u[i * n + j - 1] + u[i * n + j + 1] +
                              u[(i - 1) * n + j] + u[(i + 1) * n + j]);
            if (v[i * n + j] != want || scratch[i * n + j] != 3.0 * want - (i * n + j))
                errors++;
            sum += v[i * n + j];
        }
    printf("safe_pointers: sum %.3f, %d errors\n", sum, errors);
    free(u);
    free(v);
    free(scratch);
    return errors != 0;
}
