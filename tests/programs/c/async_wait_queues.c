/* async and wait: async with and without a queue value (constant and variable),
 * the wait directive with no queue, one queue and several queues, the wait clause
 * on compute and data directives, and wait ... async. Every result is read only
 * after a wait that covers it. */
#include <stdio.h>

#define N 4096

int main(void)
{
    static int a[N], b[N], c[N], d[N];
    int n = N, errors = 0, q = 5;
    (void)q; /* gcc 12 drops async/wait arguments in host fallback and warns */
    for (int i = 0; i < n; i++)
        a[i] = b[i] = c[i] = d[i] = 0;

#pragma acc data copy(a[0:n], b[0:n], c[0:n], d[0:n])
    {
        /* queue 1, then a dependent kernel on the same queue (ordered) */
#pragma acc parallel loop present(a[0:n]) async(1)
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma acc parallel loop present(a[0:n]) async(1)
        for (int i = 0; i < n; i++)
            a[i] += 1;

        /* queue q (a variable); then queue 2 waits for queue 1 through the clause */
#pragma acc parallel loop present(b[0:n]) async(q)
        for (int i = 0; i < n; i++)
            b[i] = 2 * i;
#pragma acc parallel loop present(a[0:n], c[0:n]) async(2) wait(1)
        for (int i = 0; i < n; i++)
            c[i] = a[i] * 3;

        /* async with no value: the default queue */
#pragma acc kernels loop present(d[0:n]) async
        for (int i = 0; i < n; i++)
            d[i] = 7;

        /* wait for queues 2 and q together, and queue 1 alone */
#pragma acc wait(2, q)
#pragma acc wait(1)
        /* a kernel that waits for every queue before it starts */
#pragma acc parallel loop present(b[0:n], d[0:n]) wait
        for (int i = 0; i < n; i++)
            d[i] += b[i];

        /* wait async: queue 4 waits for queue 3 without blocking the host */
#pragma acc parallel loop present(b[0:n]) async(3)
        for (int i = 0; i < n; i++)
            b[i] += 1;
#pragma acc wait(3) async(4)
#pragma acc parallel loop present(b[0:n]) async(4)
        for (int i = 0; i < n; i++)
            b[i] *= 2;
#pragma acc update self(b[0:n]) async(4) wait(4)
#if _OPENACC > 201711
        /* the devnum form of the wait argument (not in gcc 12) */
#pragma acc wait(devnum: 0: queues: 4)
#endif
        /* everything */
#pragma acc wait
    }

    long long s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] != i + 1 || c[i] != 3 * (i + 1) || d[i] != 7 + 2 * i || b[i] != 2 * (2 * i + 1))
            errors++;
        s += a[i] + b[i] + c[i] + d[i];
    }
    printf("async_wait_queues: checksum = %lld, errors = %d\n", s, errors);
    return errors != 0;
}
