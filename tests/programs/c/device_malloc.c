/* malloc and free in device code (CUDA's device heap; the C library on the host and
 * multicore): a scratch buffer per iteration of a gang-vector loop, one per call of a `seq`
 * routine, and a buffer a worker loop allocates and frees in each gang. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000

#pragma acc routine seq
static double window_sum(const double *a, int i, int width)
{
    double *scratch = malloc(width * sizeof(double));
    double sum = 0;
    if (!scratch)
        return -1;
    for (int k = 0; k < width; k++)
        scratch[k] = a[(i + k) % N];
    for (int k = width - 1; k >= 0; k--)
        sum += scratch[k];
    free(scratch);
    return sum;
}

int main(void)
{
    static double a[N], out[N], sums[N];
    static long rows[64];
    int errors = 0;
    for (int i = 0; i < N; i++)
        a[i] = i % 17;

#pragma acc parallel loop gang vector copyin(a) copyout(out)
    for (int i = 0; i < N; i++) {
        int *digits = malloc(8 * sizeof(int));
        int v = i, count = 0;
        while (v > 0 && count < 8) {
            digits[count++] = v % 10;
            v /= 10;
        }
        int reversed = 0;
        for (int k = 0; k < count; k++)
            reversed = reversed * 10 + digits[k];
        out[i] = reversed + a[i];
        free(digits);
    }

#pragma acc parallel loop copyin(a) copyout(sums)
    for (int i = 0; i < N; i++)
        sums[i] = window_sum(a, i, 5);

#pragma acc parallel loop gang copyout(rows)
    for (int g = 0; g < 64; g++) {
        long total = 0;
#pragma acc loop worker reduction(+:total)
        for (int w = 0; w < 32; w++) {
            long *cell = malloc(sizeof(long));
            *cell = (long)g * w;
            total += *cell;
            free(cell);
        }
        rows[g] = total;
    }

    for (int i = 0; i < N; i++) {
        int v = i, reversed = 0;
        while (v > 0) {
            reversed = reversed * 10 + v % 10;
            v /= 10;
        }
        if (out[i] != reversed + a[i])
            errors++;
        double expected = 0;
        for (int k = 0; k < 5; k++)
            expected += a[(i + k) % N];
        if (sums[i] != expected)
            errors++;
    }
    for (int g = 0; g < 64; g++)
        if (rows[g] != (long)g * 496)
            errors++;
    printf("device_malloc: %s\n", errors ? "FAIL" : "ok");
    return errors != 0;
}
