/* dense matrix-vector product y = A x (gang over rows, vector reduction over a
 * row) and the transposed product z = A^T y with a loop order that needs no
 * atomics; integer-valued data make both exact. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int m = 700, n = 900, errors = 0;
    double *a = malloc((size_t)m * n * sizeof *a);
    double *x = malloc(n * sizeof *x), *y = malloc(m * sizeof *y), *z = malloc(n * sizeof *z);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            a[(size_t)i * n + j] = (i + 2 * j) % 11 - 5;
    for (int j = 0; j < n; j++)
        x[j] = j % 4;

#pragma acc data copyin(a[0:m * n], x[0:n]) copyout(y[0:m], z[0:n])
    {
#pragma acc parallel loop gang present(a[0:m * n], x[0:n], y[0:m])
        for (int i = 0; i < m; i++) {
            double s = 0.0;
#pragma acc loop vector reduction(+:s)
            for (int j = 0; j < n; j++)
                s += a[(size_t)i * n + j] * x[j];
            y[i] = s;
        }
#pragma acc parallel loop gang vector present(a[0:m * n], y[0:m], z[0:n])
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int i = 0; i < m; i++)
                s += a[(size_t)i * n + j] * y[i];
            z[j] = s;
        }
    }

    long cy = 0, cz = 0;
    for (int i = 0; i < m; i++) {
        double s = 0.0;
        for (int j = 0; j < n; j++)
            s += a[(size_t)i * n + j] * x[j];
        if (y[i] != s)
            errors++;
        cy += (long)y[i];
    }
    for (int j = 0; j < n; j++) {
        double s = 0.0;
        for (int i = 0; i < m; i++)
            s += a[(size_t)i * n + j] * y[i];
        if (z[j] != s)
            errors++;
        cz += (long)z[j];
    }
    printf("matvec: sum(y) = %ld, sum(z) = %ld, errors = %d\n", cy, cz, errors);
    free(a);
    free(x);
    free(y);
    free(z);
    return errors != 0;
}
