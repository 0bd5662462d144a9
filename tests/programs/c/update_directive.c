/* update directive: device/self/host, partial subarrays, if(), if_present and
 * async, inside a data region where the device copy is the one that counts. */
#include <stdio.h>

#define N 1024

int main(void)
{
    static double a[N], b[N];
    int n = N, half = N / 2, errors = 0;
    for (int i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = -1.0;
    }

#pragma acc data create(a[0:n])
    {
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma acc update device(a[0:n])

#pragma acc parallel loop present(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] = a[i] * 2.0;

#pragma acc update self(a[0:half])
#pragma acc update host(a[half:n - half])
        for (int i = 0; i < n; i++)
            if (a[i] != 2.0 * i)
                errors++;

        /* change the host copy and push only when asked */
        for (int i = 0; i < n; i++)
            a[i] = 1.0;
        int push = 1;
#pragma acc update device(a[0:n]) if(push)
#pragma acc parallel loop present(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] += 10.0;
#pragma acc update self(a[0:n]) async(3)
#pragma acc wait(3)
        for (int i = 0; i < n; i++)
            if (a[i] != 11.0)
                errors++;

        /* b was never put on the device: if_present makes these no-ops */
#pragma acc update self(b[0:n]) if_present
#pragma acc update device(b[0:n]) if_present
        for (int i = 0; i < n; i++)
            if (b[i] != -1.0)
                errors++;
    }
    printf("update_directive: a[n-1] = %.1f, errors = %d\n", a[n - 1], errors);
    return errors != 0;
}
