/* gang, worker and vector with their arguments: in kernels, gang(num:),
 * gang(n), worker(num:), worker(n), vector(length:), vector(n); in parallel,
 * gang(static:*) and gang(static:k) with worker and vector loops. */
#include <stdio.h>

#define NI 64
#define NJ 128

int main(void)
{
    static int a[NI][NJ], b[NI][NJ], c[NI * NJ];
    int errors = 0, chunk = 4;

#pragma acc kernels copyout(a)
    {
#pragma acc loop gang(num:16) worker(num:4)
        for (int i = 0; i < NI; i++)
#pragma acc loop vector(length:32)
            for (int j = 0; j < NJ; j++)
                a[i][j] = i + 2 * j;
    }

#pragma acc kernels copyout(b)
    {
#pragma acc loop gang(8)
        for (int i = 0; i < NI; i++)
#pragma acc loop worker(2) vector(64)
            for (int j = 0; j < NJ; j++)
                b[i][j] = i * j;
    }

#pragma acc parallel copyout(c) num_gangs(8) num_workers(2) vector_length(32)
    {
#pragma acc loop gang(static:*)
        for (int i = 0; i < NI; i++)
#pragma acc loop worker vector
            for (int j = 0; j < NJ; j++)
                c[i * NJ + j] = i - j;
    }
    /* a separate region: gang loops of one region are not ordered with each other */
#pragma acc parallel loop gang(static:chunk) vector copy(c)
    for (int i = 0; i < NI; i++)
        c[i * NJ] += 1000;

    long s = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            int want_c = i - j + (j == 0 ? 1000 : 0);
            if (a[i][j] != i + 2 * j || b[i][j] != i * j || c[i * NJ + j] != want_c)
                errors++;
            s += a[i][j] + b[i][j] + c[i * NJ + j];
        }
    printf("loop_parallelism_args: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
