/* a blocked pipeline: each block is copied in, computed and copied out on its own
 * async queue (update ... async, parallel loop async), then one wait joins them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const int n = 1 << 16, nblocks = 8, bs = n / nblocks;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    if (!x || !y)
        return 2;
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 1000);
        y[i] = 0.0f;
    }

#pragma acc data create(x[0:n], y[0:n])
    {
        for (int b = 0; b < nblocks; b++) {
            int lo = b * bs;
            int q = b % 3 + 1;
            (void)q; /* gcc 12 drops async arguments in host fallback and warns */
#pragma acc update device(x[lo:bs]) async(q)
#pragma acc parallel loop present(x[0:n], y[0:n]) async(q)
            for (int i = lo; i < lo + bs; i++)
                y[i] = sqrtf(x[i]) * sqrtf(x[i]) + 1.0f;
#pragma acc update self(y[lo:bs]) async(q)
        }
#pragma acc wait
    }

    int errors = 0;
    long sum = 0;
    for (int i = 0; i < n; i++) {
        float want = (float)(i % 1000) + 1.0f;
        if (fabsf(y[i] - want) > 1e-3f * want)
            errors++;
        sum += lroundf(y[i]);
    }
    printf("async_pipeline_blocks: sum = %ld, errors = %d\n", sum, errors);
    free(x);
    free(y);
    return errors != 0;
}
