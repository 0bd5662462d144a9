/* cache directive: a 1-D three-point stencil caching the neighbourhood of i,
 * and a small inner window cached in a seq loop. */
#include <stdio.h>

#define N 5000
#define W 4

int main(void)
{
    static double a[N], b[N], c[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++)
        a[i] = (i * 13) % 29;

#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
    for (int i = 1; i < n - 1; i++) {
#pragma acc cache(a[i - 1:3])
        b[i] = a[i - 1] + 2.0 * a[i] + a[i + 1];
    }

#pragma acc parallel loop copyin(a[0:n]) copyout(c[0:n - W])
    for (int i = 0; i < n - W; i++) {
        double s = 0.0;
#pragma acc cache(a[i:W])
#pragma acc loop seq
        for (int k = 0; k < W; k++)
            s += a[i + k];
        c[i] = s;
    }

    long sum = 0;
    for (int i = 1; i < n - 1; i++) {
        if (b[i] != a[i - 1] + 2.0 * a[i] + a[i + 1])
            errors++;
        sum += (long)b[i];
    }
    for (int i = 0; i < n - W; i++) {
        double s = 0.0;
        for (int k = 0; k < W; k++)
            s += a[i + k];
        if (c[i] != s)
            errors++;
        sum += (long)c[i];
    }
    printf("cache_directive: sum = %ld, errors = %d\n", sum, errors);
    return errors != 0;
}
