/* Dense matrix multiply C = A * B.
 * Version 1: collapse(2) over (i, j), a seq loop over k accumulating in a scalar.
 * Version 2: gang over i, vector over j, and an inner loop reduction over k.
 * The entries are small integers, so every result is exact and both versions
 * must equal a serial product bit for bit.
 * Build: accc -fopenacc -O2 matmul.c -o matmul */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const int n = 320, m = 280, p = 300; /* A is n x p, B is p x m, C is n x m */
    double *a = malloc((size_t)n * p * sizeof *a), *b = malloc((size_t)p * m * sizeof *b);
    double *c1 = malloc((size_t)n * m * sizeof *c1), *c2 = malloc((size_t)n * m * sizeof *c2);
    if (!a || !b || !c1 || !c2)
        return 2;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < p; k++)
            a[i * p + k] = (i * 3 + k * 7) % 13 - 6;
    for (int k = 0; k < p; k++)
        for (int j = 0; j < m; j++)
            b[k * m + j] = (k * 5 + j * 2) % 11 - 5;

#pragma acc data copyin(a[0:n * p], b[0:p * m]) copyout(c1[0:n * m], c2[0:n * m])
    {
#pragma acc parallel loop collapse(2) present(a[0:n * p], b[0:p * m], c1[0:n * m])
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) {
                double s = 0.0;
#pragma acc loop seq
                for (int k = 0; k < p; k++)
                    s += a[i * p + k] * b[k * m + j];
                c1[i * m + j] = s;
            }

#pragma acc parallel loop gang present(a[0:n * p], b[0:p * m], c2[0:n * m])
        for (int i = 0; i < n; i++)
#pragma acc loop worker
            for (int j = 0; j < m; j++) {
                double s = 0.0;
#pragma acc loop vector reduction(+:s)
                for (int k = 0; k < p; k++)
                    s += a[i * p + k] * b[k * m + j];
                c2[i * m + j] = s;
            }
    }

    long errors = 0;
    double trace = 0.0, sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            double s = 0.0;
            for (int k = 0; k < p; k++)
                s += a[i * p + k] * b[k * m + j];
            errors += c1[i * m + j] != s;
            errors += c2[i * m + j] != s;
            sum += s;
            if (i == j)
                trace += s;
        }
    printf("matmul: C = A(%dx%d) * B(%dx%d): sum %.0f, trace %.0f, %ld errors\n", n, p, p, m, sum, trace, errors);
    free(a);
    free(b);
    free(c1);
    free(c2);
    return errors != 0;
}
