/* seq, independent and auto on loops: seq keeps a recurrence in order inside a
 * parallel region, independent asserts freedom from dependences in kernels,
 * auto lets the compiler decide (and it must see the dependence). */
#include <stdio.h>

#define N 5000

int main(void)
{
    static long a[N], b[N], c[N], r[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++)
        a[i] = i % 11;

    /* recurrence under seq, within a parallel construct */
#pragma acc parallel num_gangs(1) copy(b[0:n]) copyin(a[0:n])
    {
#pragma acc loop seq
        for (int i = 0; i < n; i++)
            b[i] = (i > 0 ? b[i - 1] : 0) + a[i];
    }

#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
    {
#pragma acc loop independent
        for (int i = 0; i < n; i++)
            c[i] = 5 * a[i];
    }

    /* auto on a loop with a real dependence: must run as if sequential */
    for (int i = 0; i < n; i++)
        r[i] = 1;
#pragma acc kernels loop auto copy(r[0:n])
    for (int i = 1; i < n; i++)
        r[i] = (r[i - 1] * 3 + r[i]) % 65521;

    /* auto on an independent loop in a parallel region */
#pragma acc parallel loop auto copy(c[0:n])
    for (int i = 0; i < n; i++)
        c[i] += 1;

    long ref = 0, rr = 1;
    for (int i = 0; i < n; i++) {
        ref += i % 11;
        if (b[i] != ref || c[i] != 5 * (i % 11) + 1)
            errors++;
        if (i > 0)
            rr = (rr * 3 + 1) % 65521;
        if (r[i] != rr)
            errors++;
    }
    printf("loop_seq_independent_auto: b[n-1] = %ld, r[n-1] = %ld, errors = %d\n", b[n - 1], r[n - 1],
           errors);
    return errors != 0;
}
