/* kernels construct: a region holding several loops (the compiler decides how to
 * parallelise them), scalars implicitly copied, kernels loop with clauses. */
#include <stdio.h>

#define N 4096

int main(void)
{
    static float x[N], y[N], z[N];
    int n = N;
    float alpha = 0.5f;
    int count = 0;

    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 64);

#pragma acc kernels copyin(x[0:n]) create(z[0:n]) copyout(y[0:n])
    {
        for (int i = 0; i < n; i++)
            z[i] = 2.0f * x[i];
        for (int i = 0; i < n; i++)
            y[i] = alpha * z[i] + 1.0f;
        count = n; /* a scalar in kernels is copied back */
    }

#pragma acc kernels loop independent copy(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = y[i] * 2.0f;

    int errors = 0;
    long checksum = 0;
    for (int i = 0; i < n; i++) {
        float want = 2.0f * (0.5f * 2.0f * (float)(i % 64) + 1.0f);
        if (y[i] != want)
            errors++;
        checksum += (long)y[i];
    }
    if (count != n)
        errors++;
    printf("kernels_construct: checksum = %ld, count = %d, errors = %d\n", checksum, count, errors);
    return errors != 0;
}
