/* combined constructs: parallel loop, serial loop and kernels loop, each with
 * data, reduction and loop clauses on the one directive. */
#include <stdio.h>

#define N 3000

int main(void)
{
    static int a[N], b[N], c[N];
    int n = N;
    long s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < n; i++)
        a[i] = i % 101;

#pragma acc parallel loop gang vector copyin(a[0:n]) copyout(b[0:n]) reduction(+:s1)
    for (int i = 0; i < n; i++) {
        b[i] = 2 * a[i];
        s1 += b[i];
    }

#pragma acc serial loop copyin(b[0:n]) copyout(c[0:n]) reduction(+:s2)
    for (int i = 0; i < n; i++) {
        c[i] = b[i] + 1;
        s2 += c[i];
    }

#pragma acc kernels loop copyin(c[0:n]) reduction(+:s3)
    for (int i = 0; i < n; i++)
        s3 += c[i] - a[i];

    long w1 = 0, w2 = 0, w3 = 0;
    int errors = 0;
    for (int i = 0; i < n; i++) {
        w1 += 2 * (i % 101);
        w2 += 2 * (i % 101) + 1;
        w3 += (i % 101) + 1;
        if (b[i] != 2 * a[i] || c[i] != b[i] + 1)
            errors++;
    }
    if (s1 != w1 || s2 != w2 || s3 != w3)
        errors++;
    printf("combined_constructs: %ld %ld %ld, errors = %d\n", s1, s2, s3, errors);
    return errors != 0;
}
