/* Implicit reductions: scalars a loop only updates with one reduction operator get a
 * reduction on the loop (and on each loop of a nest around the update). */
#include <math.h>

double kernels_forms(int n, const double *restrict a, const int *restrict k)
{
    double sum = 0.0, prod = 1.0, mx = -1e300, mn = 1e300, lo = 1e300, chain = 0.0;
    int all = 1, any = 0, bits = 0, big = -1;
    unsigned short wrap = 0;
    long count = 0;
#pragma acc kernels copyin(a[0:n], k[0:n])
    {
        for (int i = 0; i < n; i++) {
            sum += a[i];
            prod = prod * a[i];
            mx = fmax(mx, a[i]);
            mn = a[i] < mn ? a[i] : mn;
            if (a[i] < lo)
                lo = a[i];
            chain = a[i] + chain - 1.0;
        }
        for (int i = 0; i < n; i++) {
            all = all && k[i] > 0;
            any = any || k[i] > 9;
            bits ^= k[i];
            big = big > k[i] ? big : k[i];
            wrap += (unsigned short)k[i];
            if (k[i] % 2)
                count++;
        }
    }
    return sum + prod + mx + mn + lo + chain + all + any + bits + big + wrap + count;
}

/* Not reductions: the loops stay sequential. */
double kernels_not_reductions(int n, const double *restrict a, double *restrict b)
{
    double run = 0.0, mixed = 1.0, reset = 0.0;
    int trunc = 0;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n])
    {
        for (int i = 0; i < n; i++) {   /* run is read: a prefix sum */
            run += a[i];
            b[i] = run;
        }
        for (int i = 0; i < n; i++) {   /* two operators */
            mixed += a[i];
            mixed *= 0.5;
        }
        for (int i = 0; i < n; i++) {   /* also assigned */
            reset += a[i];
            if (reset > 10.0)
                reset = 0.0;
        }
        for (int i = 0; i < n; i++)     /* int updated in double: truncated every time */
            trunc += a[i];
        for (int i = 1; i < n; i++) {   /* a reduction, but b carries a dependence */
            run += a[i];
            b[i] = b[i - 1] + 1.0;
        }
#pragma acc loop seq
        for (int i = 0; i < n; i++)     /* seq */
            mixed += a[i];
    }
    return run + mixed + reset + trunc;
}

/* Both loops of the Jacobi nest; an independent loop; a loop inside a sequential one. */
double kernels_nests(int n, int m, double (*restrict u)[64], double (*restrict v)[64])
{
    double err = 0.0, total = 0.0, last = 0.0;
#pragma acc kernels copyin(u[0:n]) copy(v[0:n])
    {
#pragma acc loop gang
        for (int j = 1; j < n - 1; j++)
#pragma acc loop vector
            for (int i = 1; i < 63; i++) {
                v[j][i] = 0.25 * (u[j][i - 1] + u[j][i + 1] + u[j - 1][i] + u[j + 1][i]);
                err = fmax(err, fabs(v[j][i] - u[j][i]));
            }
#pragma acc loop independent
        for (int j = 0; j < n; j++)
            total += u[j][0];
        for (int t = 0; t < m; t++) {
            last = v[0][t];
            for (int i = 0; i < 64; i++)
                total += u[t][i];
        }
    }
    return err + total + last;
}

/* Parallel constructs: the loop reduces; an implicitly firstprivate scalar is copied out
 * (with a warning), an explicitly firstprivate or private one loses the result (a warning). */
double parallel_forms(int n, const double *restrict a)
{
    double sum = 0.0, kept = 0.0, gone = 0.0, mapped = 0.0, inner = 0.0, seq = 0.0;
#pragma acc parallel loop copyin(a[0:n])
    for (int i = 0; i < n; i++)
        sum += a[i];
#pragma acc parallel loop copyin(a[0:n]) firstprivate(kept)
    for (int i = 0; i < n; i++)
        kept = fmax(kept, a[i]);
#pragma acc parallel copyin(a[0:n]) private(gone)
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            gone += a[i];
    }
#pragma acc parallel loop gang copyin(a[0:n]) copy(mapped)
    for (int i = 0; i < n; i++) {
        double row = 0.0;
#pragma acc loop vector reduction(+:row)
        for (int j = 0; j < n; j++)
            row += a[j];
#pragma acc loop vector
        for (int j = 0; j < n; j++)
            mapped += a[j] * row;
    }
#pragma acc parallel loop gang copyin(a[0:n]) copy(inner)
    for (int i = 0; i < n; i++) {
        inner = a[i];
#pragma acc loop vector
        for (int j = 0; j < n; j++)
            inner += a[j];
    }
#pragma acc parallel loop seq copyin(a[0:n]) copy(seq)
    for (int i = 0; i < n; i++)
        seq += a[i];
    return sum + kept + gone + mapped + inner + seq;
}
