/* num_gangs (one, two and three arguments), num_workers and vector_length on
 * parallel and kernels, with gang/worker/vector loops (gang(dim:) for the
 * multi-dimensional gangs of OpenACC 3.3; gcc 12 gets one dimension). */
#include <stdio.h>

#define NI 32
#define NJ 16
#define NK 64

int main(void)
{
    static int a[NI][NJ][NK], b[NI * NJ], c[NI * NK];
    int errors = 0, ng = 8;

#pragma acc parallel num_gangs(ng) num_workers(4) vector_length(32) copyout(a)
    {
#pragma acc loop gang
        for (int i = 0; i < NI; i++)
#pragma acc loop worker
            for (int j = 0; j < NJ; j++)
#pragma acc loop vector
                for (int k = 0; k < NK; k++)
                    a[i][j][k] = i * 10000 + j * 100 + k;
    }

#if _OPENACC > 201711
#pragma acc parallel num_gangs(NI, NJ) vector_length(64) copyout(b)
    {
#pragma acc loop gang(dim:2)
        for (int i = 0; i < NI; i++)
#pragma acc loop gang(dim:1)
            for (int j = 0; j < NJ; j++)
                b[i * NJ + j] = i + j;
    }
#else
#pragma acc parallel num_gangs(NI * NJ) vector_length(64) copyout(b)
    {
#pragma acc loop gang collapse(2)
        for (int i = 0; i < NI; i++)
            for (int j = 0; j < NJ; j++)
                b[i * NJ + j] = i + j;
    }
#endif

#if _OPENACC > 201711
#pragma acc parallel num_gangs(2, 4, 8) num_workers(2) copyout(c)
    {
#pragma acc loop gang(dim:3)
        for (int i = 0; i < 2; i++)
#pragma acc loop gang(dim:2)
            for (int j = 0; j < NI / 2; j++)
#pragma acc loop gang(dim:1) worker vector
                for (int k = 0; k < NK; k++)
                    c[(i * (NI / 2) + j) * NK + k] = i - j + k;
    }
#else
#pragma acc parallel num_gangs(64) num_workers(2) copyout(c)
    {
#pragma acc loop gang collapse(2)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < NI / 2; j++)
#pragma acc loop worker vector
                for (int k = 0; k < NK; k++)
                    c[(i * (NI / 2) + j) * NK + k] = i - j + k;
    }
#endif

    static long d[NI];
#pragma acc kernels num_gangs(4) num_workers(2) vector_length(128) copyout(d)
    for (int i = 0; i < NI; i++)
        d[i] = (long)i * i;

    long s = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++) {
                if (a[i][j][k] != i * 10000 + j * 100 + k)
                    errors++;
                s += a[i][j][k];
            }
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            if (b[i * NJ + j] != i + j)
                errors++;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < NI / 2; j++)
            for (int k = 0; k < NK; k++)
                if (c[(i * (NI / 2) + j) * NK + k] != i - j + k)
                    errors++;
    for (int i = 0; i < NI; i++)
        if (d[i] != (long)i * i)
            errors++;
    printf("num_gangs_workers_vector: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
