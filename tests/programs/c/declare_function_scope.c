/* declare inside a function: create for a device work array, copy and copyin of
 * initialised locals, all present for the whole function body. */
#include <stdio.h>

#define M 256

static long work(int scale)
{
    double weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
#pragma acc declare copyin(weights)
    double tmp[M];
#pragma acc declare create(tmp)
    long hist[4] = {0, 0, 0, 0};
#pragma acc declare copy(hist)

#pragma acc parallel loop present(tmp, weights)
    for (int i = 0; i < M; i++)
        tmp[i] = weights[i % 8] * scale;

#pragma acc serial present(tmp, hist)
    for (int i = 0; i < M; i++)
        hist[i % 4] += (long)tmp[i];

#pragma acc update self(hist)
    return hist[0] * 1000000L + hist[1] * 10000L + hist[2] * 100L + hist[3];
}

int main(void)
{
    long r = work(3), want;
    long h[4] = {0, 0, 0, 0};
    for (int i = 0; i < M; i++)
        h[i % 4] += (long)((i % 8 + 1) * 3);
    want = h[0] * 1000000L + h[1] * 10000L + h[2] * 100L + h[3];
    printf("declare_function_scope: %ld\n", r);
    return r != want;
}
