/* atomic read and atomic write: a published value read by every iteration,
 * per-element atomic writes, and a flag written by many iterations. */
#include <stdio.h>

#define N 2048

int main(void)
{
    int n = N, errors = 0;
    static long out[N];
    long base = 1000;
    int flag = 0;
    double last = 0.0;

#pragma acc parallel loop copyin(base) copy(flag, last) copyout(out[0:n])
    for (int i = 0; i < n; i++) {
        long b;
#pragma acc atomic read
        b = base;
#pragma acc atomic write
        out[i] = b + i;
        if (i % 100 == 0) {
#pragma acc atomic write
            flag = 1;
        }
        if (i == n - 1) {
#pragma acc atomic write
            last = 2.5 * i;
        }
    }

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (out[i] != 1000 + i)
            errors++;
        s += out[i];
    }
    if (flag != 1 || last != 2.5 * (n - 1))
        errors++;
    printf("atomic_read_write: sum = %ld, flag = %d, errors = %d\n", s, flag, errors);
    return errors != 0;
}
