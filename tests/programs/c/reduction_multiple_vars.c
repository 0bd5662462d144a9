/* several reduction variables on one loop: different operators and types in
 * separate clauses and several variables in one clause (statistics of a data set). */
#include <stdio.h>

#define N 50000

int main(void)
{
    static int data[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++)
        data[i] = (int)((i * 7919L) % 10007) - 5000;

    long sum = 0, sumsq = 0;
    int mx = -100000, mn = 100000, npos = 0, nneg = 0, nzero = 0;
    double dsum = 0.0;
#pragma acc parallel loop copyin(data) reduction(+:sum, sumsq, npos, nneg, nzero, dsum) \
    reduction(max:mx) reduction(min:mn)
    for (int i = 0; i < n; i++) {
        int d = data[i];
        sum += d;
        sumsq += (long)d * d;
        dsum += 0.5 * d;
        if (d > mx)
            mx = d;
        if (d < mn)
            mn = d;
        if (d > 0)
            npos++;
        else if (d < 0)
            nneg++;
        else
            nzero++;
    }

    long rsum = 0, rsq = 0;
    int rmx = -100000, rmn = 100000, rp = 0, rn = 0, rz = 0;
    for (int i = 0; i < n; i++) {
        int d = data[i];
        rsum += d;
        rsq += (long)d * d;
        rmx = d > rmx ? d : rmx;
        rmn = d < rmn ? d : rmn;
        rp += d > 0;
        rn += d < 0;
        rz += d == 0;
    }
    if (sum != rsum || sumsq != rsq || mx != rmx || mn != rmn || npos != rp || nneg != rn || nzero != rz ||
        dsum != 0.5 * (double)rsum)
        errors++;
    printf("reduction_multiple_vars: sum = %ld, sumsq = %ld, max = %d, min = %d, +%d -%d 0:%d, errors = %d\n", sum,
           sumsq, mx, mn, npos, nneg, nzero, errors);
    return errors != 0;
}
