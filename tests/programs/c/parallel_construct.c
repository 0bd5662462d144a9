/* parallel construct: gang-redundant code, gang/vector loops inside one region,
 * private and firstprivate on the construct, async-free data clauses. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int main(void)
{
    static double a[N], b[N], c[N], d[N];
    int n = N;
    double scale = 3.0;
    int offset = 0;
    for (int i = 0; i < n; i++) {
        a[i] = i;
        b[i] = 2 * i;
    }
#pragma acc parallel copyin(a[0:n], b[0:n]) copyout(c[0:n], d[0:n]) firstprivate(scale) private(offset)
    {
        offset = 7; /* executed redundantly by every gang on its private copy */
#pragma acc loop gang vector
        for (int i = 0; i < n; i++)
            c[i] = scale * a[i] + b[i] + offset;
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            d[i] = a[i] * a[i];
    }
    long long sc = 0, sd = 0;
    int errors = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] != 3.0 * i + 2.0 * i + 7 || d[i] != (double)i * i)
            errors++;
        sc += (long long)c[i];
        sd += (long long)d[i];
    }
    if (offset != 0) /* private: the host copy is untouched */
        errors++;
    printf("parallel_construct: sum(c) = %lld, sum(d) = %lld, errors = %d\n", sc, sd, errors);
    return errors != 0;
}
