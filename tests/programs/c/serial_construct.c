/* serial construct and serial loop: sequential code on the device, scalars
 * returned through copy/copyout and reduction, firstprivate inputs. */
#include <stdio.h>

#define N 200

int main(void)
{
    int n = N;
    static long fib[N];
    static int sq[N];
    long total = 0;
    int k = 3, last = -1;

    /* a loop-carried recurrence is fine in a serial region */
#pragma acc serial copyout(fib[0:n]) firstprivate(n)
    {
        fib[0] = 0;
        fib[1] = 1;
        for (int i = 2; i < n; i++)
            fib[i] = (fib[i - 1] + fib[i - 2]) % 1000003;
    }

#pragma acc serial loop copyout(sq[0:n]) firstprivate(k)
    for (int i = 0; i < n; i++)
        sq[i] = k * i * i;

#pragma acc serial loop reduction(+:total) copyin(sq[0:n])
    for (int i = 0; i < n; i++)
        total += sq[i];

#pragma acc serial copy(last) copyin(sq[0:n])
    last = sq[n - 1];

    long f0 = 0, f1 = 1, want_total = 0;
    int errors = 0;
    for (int i = 2; i < n; i++) {
        long f2 = (f0 + f1) % 1000003;
        if (fib[i] != f2)
            errors++;
        f0 = f1;
        f1 = f2;
    }
    for (int i = 0; i < n; i++)
        want_total += 3L * i * i;
    if (total != want_total || last != 3 * (n - 1) * (n - 1))
        errors++;
    printf("serial_construct: fib[n-1] = %ld, total = %ld, last = %d, errors = %d\n",
           fib[n - 1], total, last, errors);
    return errors != 0;
}
