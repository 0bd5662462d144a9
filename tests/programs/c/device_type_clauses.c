/* device_type (and its abbreviation dtype): clause groups that apply to one kind
 * of device, the * group for the others, on compute constructs and loops.
 * gcc 12 has no device_type; it gets the default group. */
#include <stdio.h>

#define N 4096

int main(void)
{
    static double x[N], y[N];
    int n = N, errors = 0;
    long sum = 0;
    for (int i = 0; i < n; i++)
        x[i] = i % 100;

#if _OPENACC > 201711
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n]) \
    device_type(nvidia) num_gangs(64) vector_length(128) \
    device_type(radeon) num_gangs(32) vector_length(64) \
    device_type(host, multicore) num_gangs(2) \
    device_type(*) num_gangs(4)
#else
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n]) num_gangs(4)
#endif
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];

#if _OPENACC > 201711
#pragma acc parallel copyin(y[0:n]) reduction(+:sum) dtype(*) num_workers(2)
#pragma acc loop reduction(+:sum) device_type(nvidia, radeon) gang vector device_type(*) gang
#else
#pragma acc parallel copyin(y[0:n]) reduction(+:sum) num_workers(2)
#pragma acc loop gang reduction(+:sum)
#endif
    for (int i = 0; i < n; i++)
        sum += (long)y[i];

#if _OPENACC > 201711
#pragma acc kernels loop copy(y[0:n]) device_type(nvidia) independent device_type(host) seq
#else
#pragma acc kernels loop copy(y[0:n]) independent
#endif
    for (int i = 0; i < n; i++)
        y[i] += 1.0;

    long want = 0;
    for (int i = 0; i < n; i++) {
        want += 2 * (i % 100);
        if (y[i] != 2.0 * (i % 100) + 1.0)
            errors++;
    }
    if (sum != want)
        errors++;
    printf("device_type_clauses: sum = %ld, errors = %d\n", sum, errors);
    return errors != 0;
}
