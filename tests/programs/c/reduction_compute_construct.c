/* reduction clauses on compute constructs: parallel (with a gang loop that
 * reduces too, and with one gang running redundant code), serial, and the
 * combined forms. */
#include <stdio.h>

#define N 10000

int main(void)
{
    static int v[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++)
        v[i] = (i * 13) % 97;

    long s = 100; /* the original value takes part in the reduction */
#pragma acc parallel copyin(v) reduction(+:s)
    {
#pragma acc loop gang reduction(+:s)
        for (int i = 0; i < n; i++)
            s += v[i];
    }

    int one = 0;
#pragma acc parallel num_gangs(1) reduction(+:one)
    {
        one += 5; /* one gang: executed once */
    }

    int mx = 0;
#pragma acc serial copyin(v) reduction(max:mx)
    for (int i = 0; i < n; i++)
        if (v[i] > mx)
            mx = v[i];

    long prod = 1;
#pragma acc serial reduction(*:prod)
    for (int i = 1; i <= 15; i++)
        prod *= i;

    int mn = 1000;
#pragma acc parallel loop copyin(v) reduction(min:mn)
    for (int i = 0; i < n; i++)
        mn = v[i] < mn ? v[i] : mn;

    long ref = 100;
    int rmx = 0, rmn = 1000;
    for (int i = 0; i < n; i++) {
        ref += v[i];
        rmx = v[i] > rmx ? v[i] : rmx;
        rmn = v[i] < rmn ? v[i] : rmn;
    }
    if (s != ref || one != 5 || mx != rmx || prod != 1307674368000L || mn != rmn)
        errors++;
    printf("reduction_compute_construct: %ld %d %d %ld %d, errors = %d\n", s, one, mx, prod, mn, errors);
    return errors != 0;
}
