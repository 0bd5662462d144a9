/* private and firstprivate: on parallel, serial and loop; private scalars and
 * private arrays used as per-iteration scratch; firstprivate initialised from
 * the host and never written back. */
#include <stdio.h>

#define N 2000
#define K 8

int main(void)
{
    static int out[N], out2[N];
    int n = N, errors = 0;
    int t = 99;          /* private: the host value must survive */
    int base = 40;       /* firstprivate */
    int scratch[K];      /* private array, one per iteration */
    for (int k = 0; k < K; k++)
        scratch[k] = -7;

#pragma acc parallel loop private(t, scratch) firstprivate(base) copyout(out[0:n])
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < K; k++)
            scratch[k] = i + k;
        t = 0;
        for (int k = 0; k < K; k++)
            t += scratch[k];
        out[i] = t + base;
    }

    /* firstprivate written inside the region: each gang has its own copy */
    int bias = 5;
#pragma acc parallel firstprivate(bias) copyout(out2[0:n])
    {
        bias *= 2; /* redundant per gang, on a private copy: 10 everywhere */
#pragma acc loop gang vector private(t)
        for (int i = 0; i < n; i++) {
            t = i * 2;
            out2[i] = t + bias;
        }
    }

    int ser = 3, res = 0;
#pragma acc serial firstprivate(ser) private(t) copy(res)
    {
        t = ser * ser;
        ser = 0;
        res = t;
    }

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (out[i] != K * i + K * (K - 1) / 2 + 40 || out2[i] != 2 * i + 10)
            errors++;
        s += out[i] + out2[i];
    }
    if (t != 99 || bias != 5 || ser != 3 || res != 9 || scratch[0] != -7)
        errors++;
    printf("private_firstprivate: sum = %ld, res = %d, errors = %d\n", s, res, errors);
    return errors != 0;
}
