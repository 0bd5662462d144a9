/* collapse(force:n) (OpenACC 3.3 §2.9.1): code may stand between the collapsed loops, and it
 * runs in every iteration of the collapsed loop ("may be executed multiple times"). Covers
 * code before and after the inner loop, declarations in it, three levels with code at two of
 * them, a reduction over the nest, and a nest whose inner bound the intervening code sets
 * (not collapsible: accc runs it on the host, with the same answer). GCC 12 (OpenACC 2.6, the
 * reference) has no force modifier: it runs the loops without collapse. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 37, m = 13, l = 5, errors = 0;
    double *a = malloc(sizeof(double) * n * m);
    double *b = calloc((size_t)n * m * l, sizeof(double));
    double w[37];
    for (int i = 0; i < n; i++)
        w[i] = 0.5 * i;

#if _OPENACC >= 202211
#pragma acc parallel loop collapse(force:2) copyout(a[0:n*m]) copyin(w)
#else
#pragma acc parallel loop copyout(a[0:n*m]) copyin(w)
#endif
    for (int i = 0; i < n; i++) {
        double s = w[i] * 2.0;
        int base = i * m;
        for (int j = 0; j < m; j++) {
            double t = s + j;
            a[base + j] = t;
        }
        s = -1.0;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (a[i * m + j] != i + j)
                errors++;

#if _OPENACC >= 202211
#pragma acc parallel loop gang vector collapse(force:3) copy(b[0:n*m*l])
#else
#pragma acc parallel loop gang vector copy(b[0:n*m*l])
#endif
    for (int i = 0; i < n; i++) {
        int bi = i * m * l;
        for (int j = 0; j < m; j++) {
            int bj = bi + j * l;
            for (int k = 0; k < l; k++)
                b[bj + k] += i * 100 + j * 10 + k;
        }
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            for (int k = 0; k < l; k++)
                if (b[(i * m + j) * l + k] != i * 100 + j * 10 + k)
                    errors++;

    long sum = 0;
#if _OPENACC >= 202211
#pragma acc parallel loop collapse(force:2) reduction(+:sum) copyin(w)
#else
#pragma acc parallel loop reduction(+:sum) copyin(w)
#endif
    for (int i = 0; i < n; i++) {
        long row = (long)(w[i] * 2.0);
        for (int j = 0; j < m; j++)
            sum += row * j;
    }
    long expected = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            expected += (long)i * j;
    if (sum != expected)
        errors++;

    int tri[8][8] = {{0}};
#if _OPENACC >= 202211
#pragma acc parallel loop collapse(force:2) copy(tri)
#else
#pragma acc parallel loop copy(tri)
#endif
    for (int i = 0; i < 8; i++) {
        int limit = i + 1;
        for (int j = 0; j < limit; j++)
            tri[i][j] = 1;
    }
    int ones = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            ones += tri[i][j];
    if (ones != 36)
        errors++;

    free(a);
    free(b);
    if (errors) {
        printf("collapse_force: %d errors\n", errors);
        return 1;
    }
    printf("collapse_force: ok\n");
    return 0;
}
