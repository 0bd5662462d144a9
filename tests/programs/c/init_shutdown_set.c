/* runtime directives: init, set device_num / default_async, shutdown.
 * gcc 12 implements OpenACC 2.6 (_OPENACC == 201711) and ignores these directives
 * with a warning, so they are given only to compilers that claim a newer version;
 * the computation is the same either way. */
#include <stdio.h>

#define N 2000

int main(void)
{
    static int a[N];
    int n = N, errors = 0;

#if _OPENACC > 201711
#pragma acc init
#pragma acc init device_num(0)
#pragma acc set device_num(0)
#pragma acc set default_async(2)
#endif

    /* async with no value goes to the default async queue (2 after set) */
#pragma acc parallel loop copyout(a[0:n]) async
    for (int i = 0; i < n; i++)
        a[i] = i * 3;
#pragma acc wait

#if _OPENACC > 201711
#pragma acc set default_async(1) if(n > 0)
#endif
#pragma acc parallel loop copy(a[0:n]) async
    for (int i = 0; i < n; i++)
        a[i] += 1;
#pragma acc wait

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] != 3 * i + 1)
            errors++;
        s += a[i];
    }
#if _OPENACC > 201711
#pragma acc shutdown device_num(0) if(n > 0)
#endif
    printf("init_shutdown_set: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
