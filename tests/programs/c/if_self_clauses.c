/* if and self clauses: compute constructs with if(true)/if(false), self(cond)
 * (OpenACC 2.7+, not in gcc 12, which gets the equivalent if(!cond)), and if on
 * data, enter/exit data, update and host_data. Both branches give the same answer. */
#include <stdio.h>

#define N 1000

int main(void)
{
    static int a[N], b[N], c[N];
    int n = N, errors = 0;
    int big = n > 100, small = n < 100;
    for (int i = 0; i < n; i++)
        a[i] = b[i] = c[i] = 0;

#pragma acc parallel loop if(big) copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] += i;
#pragma acc parallel loop if(small) copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] += 1;
#pragma acc kernels if(0) copy(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = 2 * i;
#pragma acc serial if(1) copy(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] += 1;

#if _OPENACC > 201711
#pragma acc parallel loop self(big) copy(c[0:n])
#else
#pragma acc parallel loop if(!big) copy(c[0:n])
#endif
    for (int i = 0; i < n; i++)
        c[i] = 3 * i;
#if _OPENACC > 201711
#pragma acc kernels self(small) copy(c[0:n])
#else
#pragma acc kernels if(!small) copy(c[0:n])
#endif
    for (int i = 0; i < n; i++)
        c[i] += 1;

#pragma acc data copy(a[0:n]) if(big)
    {
#pragma acc parallel loop present(a[0:n]) if(big)
        for (int i = 0; i < n; i++)
            a[i] *= 2;
    }

#pragma acc enter data copyin(b[0:n]) if(big)
#pragma acc parallel loop present(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] += 10;
#pragma acc update self(b[0:n]) if(big)
#pragma acc exit data delete(b[0:n]) if(big)

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] != 2 * (i + 1) || b[i] != 2 * i + 11 || c[i] != 3 * i + 1)
            errors++;
        s += a[i] + b[i] + c[i];
    }
    printf("if_self_clauses: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
