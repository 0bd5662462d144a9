/* the OpenACC 1.0 spellings kept as aliases: pcopy, pcopyin, pcopyout, pcreate
 * and present_or_copy/_copyin/_copyout/_create, on data and compute constructs,
 * with and without the data already present. */
#include <stdio.h>

#define N 800

int main(void)
{
    static int a[N], b[N], c[N], d[N], e[N], f[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++) {
        a[i] = i;
        b[i] = 2 * i;
        c[i] = d[i] = e[i] = f[i] = 0;
    }

    /* not present: behave like copy/copyin/copyout/create */
#pragma acc parallel loop pcopy(a[0:n]) pcopyin(b[0:n]) pcopyout(c[0:n]) pcreate(d[0:n])
    for (int i = 0; i < n; i++) {
        d[i] = b[i] + 1;
        c[i] = d[i] + a[i];
        a[i] += 1;
    }

    /* already present inside the data region: no new copies */
#pragma acc data present_or_copy(a[0:n]) present_or_copyin(b[0:n]) present_or_copyout(e[0:n]) \
    present_or_create(f[0:n])
    {
#pragma acc parallel loop pcopy(a[0:n]) present_or_copyin(b[0:n]) pcopyout(e[0:n]) pcreate(f[0:n])
        for (int i = 0; i < n; i++) {
            f[i] = a[i] * b[i];
            e[i] = f[i] % 1000;
        }
    }

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] != i + 1 || c[i] != 3 * i + 1 || e[i] != ((i + 1) * 2 * i) % 1000)
            errors++;
        s += c[i] + e[i];
    }
    printf("present_or_aliases: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
