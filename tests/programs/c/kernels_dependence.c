/* kernels region with one parallelisable loop and one loop with a loop-carried
 * dependence: the second must still give the serial answer. */
#include <stdio.h>

#define N 10000

int main(void)
{
    static long a[N], b[N], ref[N];
    int n = N;
    for (int i = 0; i < n; i++)
        a[i] = (i * 7) % 13;

#pragma acc kernels copyin(a[0:n]) copyout(b[0:n])
    {
        /* independent iterations */
        for (int i = 0; i < n; i++)
            b[i] = 3 * a[i] + 1;
        /* b[i] depends on b[i-1]: loop-carried, must run in order */
        for (int i = 1; i < n; i++)
            b[i] = (b[i - 1] * 31 + b[i]) % 1000033;
    }

    for (int i = 0; i < n; i++)
        ref[i] = 3 * a[i] + 1;
    for (int i = 1; i < n; i++)
        ref[i] = (ref[i - 1] * 31 + ref[i]) % 1000033;

    int errors = 0;
    for (int i = 0; i < n; i++)
        if (b[i] != ref[i])
            errors++;
    printf("kernels_dependence: b[n-1] = %ld, errors = %d\n", b[n - 1], errors);
    return errors != 0;
}
