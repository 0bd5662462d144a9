/* loop forms: negative steps, steps > 1, <= and >= conditions, bound on the
 * left, != (OpenACC 3.3; gcc 12 gets <), loop variables declared outside the loop,
 * unsigned and long induction variables. */
#include <stdio.h>

#define N 1000

int main(void)
{
    static int a[N], b[N], c[N], d[N], e[N], f[N], g[N];
    int n = N, errors = 0;
    int i;            /* declared outside the loops */
    long li;
    unsigned u;
    for (i = 0; i < n; i++)
        a[i] = b[i] = c[i] = d[i] = e[i] = f[i] = g[i] = 0;

#pragma acc parallel loop copy(a[0:n])
    for (i = n - 1; i >= 0; i--)
        a[i] = i;
#pragma acc parallel loop copy(b[0:n])
    for (i = 0; i < n; i += 3)
        b[i] = 1;
#pragma acc parallel loop copy(c[0:n])
    for (i = n - 1; i > 0; i -= 7)
        c[i] = 2;
#pragma acc parallel loop copy(d[0:n])
    for (i = 1; i <= n - 1; i++)
        d[i] = i * 2;
#pragma acc parallel loop copy(e[0:n])
    for (li = 10; n > li; li += 10)
        e[li] = 5;
#pragma acc parallel loop copy(f[0:n])
    for (u = 0; u < (unsigned)n; u++)
        f[u] = (int)(u % 7);
#if _OPENACC > 201711
#pragma acc parallel loop copy(g[0:n])
    for (int k = 0; k != n; k++)
#else
#pragma acc parallel loop copy(g[0:n])
    for (int k = 0; k < n; k++)
#endif
        g[k] = n - k;

    long s = 0;
    for (i = 0; i < n; i++) {
        if (a[i] != i || b[i] != (i % 3 == 0) || c[i] != ((n - 1 - i) % 7 == 0 && i > 0 ? 2 : 0))
            errors++;
        if (d[i] != (i >= 1 ? 2 * i : 0) || e[i] != (i >= 10 && i % 10 == 0 ? 5 : 0))
            errors++;
        if (f[i] != i % 7 || g[i] != n - i)
            errors++;
        s += a[i] + b[i] + c[i] + d[i] + e[i] + f[i] + g[i];
    }
    printf("loop_bounds_forms: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
