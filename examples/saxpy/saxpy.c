/* saxpy: y = a*x + y on n elements, checked against the formula.
 * Build: accc -fopenacc -O2 saxpy.c -o saxpy */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void saxpy(int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

int main(void)
{
    const int n = 1 << 20;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    if (!x || !y)
        return 2;
    for (int i = 0; i < n; i++) {
        x[i] = (float)i / n;
        y[i] = 1.0f;
    }
    saxpy(n, 2.0f, x, y);
    int errors = 0;
    for (int i = 0; i < n; i++) {
        float expected = 2.0f * ((float)i / n) + 1.0f;
        if (fabsf(y[i] - expected) > 1e-6f * fabsf(expected))
            errors++;
    }
    printf("saxpy: n = %d, y[n-1] = %f, %d errors\n", n, y[n - 1], errors);
    free(x);
    free(y);
    return errors != 0;
}
