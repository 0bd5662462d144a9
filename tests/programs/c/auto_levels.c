/* Loops without a level get the level left between their enclosing loops and the loops
 * nested in them: a kernels matmul (i gang, j vector around the sequential k loop), a parallel
 * loop around a seq loop (gang, vector), gang / auto / vector (worker in the middle), gang /
 * auto / auto (worker, vector), an auto loop inside a vector loop (seq), and a kernels stencil
 * whose rows count j from 1 (i proven independent), and kernels volumes addressed as rows of
 * rows (a[(i * ny + j) * nz + k]): one independent, one whose rows overlap (j reaches ny), which
 * must keep the serial order of the writes, and sweeps that read the previous row (j in
 * parallel inside the sequential i). Each result is checked against the same
 * computation done serially. accc-all-offloaded accc-cores: 1 3 */
#include <stdio.h>
#include <stdlib.h>

#define N 64

static int errors;

static void check(const char *what, const double *got, const double *want, int count)
{
    for (int i = 0; i < count; i++)
        if (got[i] != want[i]) {
            printf("%s: element %d is %g, expected %g\n", what, i, got[i], want[i]);
            errors++;
            return;
        }
}

static void matmul(int n, const double *restrict a, const double *restrict b, double *restrict c)
{
#pragma acc kernels copyin(a[0:n * n], b[0:n * n]) copyout(c[0:n * n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

static void prefix_rows(int n, double *restrict a)
{
#pragma acc parallel loop copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop seq
        for (int k = 1; k < n; k++)
            a[i * n + k] += a[i * n + k - 1];
    }
}

static void three_levels(int n, double *restrict a)
{
#pragma acc parallel loop gang num_workers(2) vector_length(8) copy(a[0:n * n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 0; j < n; j++)
#pragma acc loop vector
            for (int k = 0; k < n; k++)
                a[(i * n + j) * n + k] += i + 2 * j + 3 * k;
    }
}

static void gang_auto_auto(int n, double *restrict a)
{
#pragma acc parallel loop gang copy(a[0:n * n * n])
    for (int i = 0; i < n; i++)
#pragma acc loop
        for (int j = 0; j < n; j++)
#pragma acc loop
            for (int k = 0; k < n; k++)
                a[(i * n + j) * n + k] = 2.0 * a[(i * n + j) * n + k] - k;
}

static void inside_vector(int n, double *restrict a)
{
#pragma acc parallel loop vector copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 1; j < n; j++)
            a[i * n + j] += a[i * n] * 0.5 + j;
    }
}

static void stencil(int n, const double *restrict u, double *restrict v)
{
#pragma acc kernels copyin(u[0:n * n]) copy(v[0:n * n])
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            v[i * n + j] = 0.25 * (u[i * n + j - 1] + u[i * n + j + 1] + u[(i - 1) * n + j] +
                                   u[(i + 1) * n + j]);
}

static void volumes(int nx, int ny, int nz, double *restrict a, double *restrict b)
{
#pragma acc kernels copy(a[0:nx * ny * nz], b[0:nx * ny * nz + nz])
    {
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++)
                for (int k = 0; k < nz; k++)
                    a[(i * ny + j) * nz + k] = a[i * ny * nz + j * nz + k] * 3.0 + i - k;
        for (int i = 0; i < nx; i++)
            for (int j = 0; j <= ny; j++)
                for (int k = 0; k < nz; k++)
                    b[(i * ny + j) * nz + k] = i * 1000 + j * 10 + k;
    }
}

/* Sweeps reading the previous row: i in order, j in parallel (one gang's workers). */
static void sweeps(int n, int m, double *restrict a)
{
#pragma acc kernels copy(a[0:n * m])
    {
        for (int i = 1; i < n; i++)
            for (int j = 0; j < m; j++)
                a[i * m + j] = a[(i - 1) * m + j] * 0.5 + j;
        for (int i = 1; i < n; i++)
            for (int j = 0; j < m - 1; j++)
                a[i * m + j] += a[(i - 1) * m + j + 1];
    }
}

int main(void)
{
    int n = N;
    double *a = malloc(sizeof(double) * n * n * n), *b = malloc(sizeof(double) * n * n * n);
    double *c = malloc(sizeof(double) * n * n * n), *want = malloc(sizeof(double) * n * n * n);
    if (!a || !b || !c || !want)
        return 2;
    for (int i = 0; i < n * n; i++) {
        a[i] = (i % 7) - 3;
        b[i] = (i % 5) * 0.5;
    }

    matmul(n, a, b, c);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            want[i * n + j] = s;
        }
    check("matmul", c, want, n * n);

    for (int i = 0; i < n * n; i++)
        c[i] = want[i] = i % 11;
    prefix_rows(n, c);
    for (int i = 0; i < n; i++)
        for (int k = 1; k < n; k++)
            want[i * n + k] += want[i * n + k - 1];
    check("prefix_rows", c, want, n * n);

    for (int i = 0; i < n * n * n; i++)
        c[i] = want[i] = i % 13;
    three_levels(n, c);
    gang_auto_auto(n, c);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                double *w = &want[(i * n + j) * n + k];
                *w += i + 2 * j + 3 * k;
                *w = 2.0 * *w - k;
            }
    check("three_levels, gang_auto_auto", c, want, n * n * n);

    for (int i = 0; i < n * n; i++)
        c[i] = want[i] = i % 3;
    inside_vector(n, c);
    for (int i = 0; i < n; i++)
        for (int j = 1; j < n; j++)
            want[i * n + j] += want[i * n] * 0.5 + j;
    check("inside_vector", c, want, n * n);

    for (int i = 0; i < n * n; i++)
        c[i] = want[i] = -1.0;
    stencil(n, a, c);
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            want[i * n + j] = 0.25 * (a[i * n + j - 1] + a[i * n + j + 1] + a[(i - 1) * n + j] +
                                      a[(i + 1) * n + j]);
    check("stencil", c, want, n * n);

    int nx = 40, ny = 5, nz = 7;
    for (int i = 0; i < nx * ny * nz + nz; i++)
        c[i] = want[i] = a[i] = b[i] = i % 17;
    volumes(nx, ny, nz, c, b);
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nz; k++)
                want[(i * ny + j) * nz + k] = want[(i * ny + j) * nz + k] * 3.0 + i - k;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j <= ny; j++)
            for (int k = 0; k < nz; k++)
                a[(i * ny + j) * nz + k] = i * 1000 + j * 10 + k;
    check("volumes", c, want, nx * ny * nz);
    check("overlapping volumes", b, a, nx * ny * nz + nz);

    for (int i = 0; i < n * n; i++)
        c[i] = want[i] = i % 19;
    sweeps(n, n - 3, c);
    for (int i = 1; i < n; i++)
        for (int j = 0; j < n - 3; j++)
            want[i * (n - 3) + j] = want[(i - 1) * (n - 3) + j] * 0.5 + j;
    for (int i = 1; i < n; i++)
        for (int j = 0; j < n - 4; j++)
            want[i * (n - 3) + j] += want[(i - 1) * (n - 3) + j + 1];
    check("sweeps", c, want, n * n);

    printf("auto_levels: %d errors\n", errors);
    free(a);
    free(b);
    free(c);
    free(want);
    return errors != 0;
}
