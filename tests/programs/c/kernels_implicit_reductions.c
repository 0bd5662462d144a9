/* Implicit reductions: scalars that every iteration of a loop updates with one reduction
 * operator, and uses in no other way, without a reduction clause. In a kernels region the
 * loops run in parallel with implicit reductions (NVHPC's "Generating implicit reduction");
 * every result must be the serial one. The Jacobi sweep is the canonical one of the OpenACC
 * course (err = fmax(err, fabs(...)) under 'loop gang' / 'loop vector'). A scalar also read
 * in the loop (a running sum) keeps its loop sequential. Values are chosen so that every sum
 * and product is exact, whatever the order.
 * accc-cores: 1 3
 */
#include <math.h>
#include <stdio.h>

#define N 200
#define M 1000

static double A[N][N], Anew[N][N];

static int jacobi(double *err_out)
{
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++)
            A[j][i] = j == 0 ? 1.0 : 0.0;
    double err = 1.0;
    int iter = 0;
#pragma acc data copy(A) create(Anew)
    while (err > 1e-3 && iter < 50) {
        err = 0.0;
#pragma acc kernels
        {
#pragma acc loop gang
            for (int j = 1; j < N - 1; j++) {
#pragma acc loop vector
                for (int i = 1; i < N - 1; i++) {
                    Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
                    err = fmax(err, fabs(Anew[j][i] - A[j][i]));
                }
            }
            for (int j = 1; j < N - 1; j++)
                for (int i = 1; i < N - 1; i++)
                    A[j][i] = Anew[j][i];
        }
        iter++;
    }
    *err_out = err;
    return iter;
}

int main(void)
{
    static double a[M], b[M];
    static int k[M];
    static float f[M];
    static double prefix[M];
    int n = M;
    for (int i = 0; i < n; i++) {
        a[i] = (double)((i * 37) % 101) - 50.0;
        b[i] = (double)((i * 13) % 7);
        k[i] = (i * 2654435761u) % 1000;
        f[i] = (float)((i * 11) % 23) * 0.25f;
    }

    double err;
    int iter = jacobi(&err);
    printf("jacobi: %d iterations, err = %.12e, A[1][1] = %.12e\n", iter, err, A[1][1]);

    double sum = 0.0, sum2 = 10.0, diff = 0.0, chain = 0.0, total = 0.0;
    double prod = 1.0, mx = -1e300, mn = 1e300, mx2 = -1e300, mn2 = 1e300, mx3 = -1e300;
    float fsum = 0.0f, fmx = -1e30f;
    unsigned uprod = 1u, uand = ~0u, uor = 0u, uxor = 0u;
    unsigned short usum = 0;
    int all = 1, any = 0, imax = -1000000, imin = 1000000;
    long count = 0;
    double running = 0.0, wrapped = 0.0;
#pragma acc kernels copyin(a, b, k, f)
    {
        for (int i = 0; i < n; i++) {
            sum += a[i];
            sum2 = b[i] + sum2;
            diff -= b[i];
            chain = chain + a[i] - b[i];
        }
        for (int i = 0; i < n; i++) {
            prod *= (i % 100 == 0) ? 2.0 : 1.0;
            mx = fmax(mx, a[i]);
            mn = fmin(a[i], mn);
            mx2 = mx2 > a[i] ? mx2 : a[i];
            if (a[i] < mn2)
                mn2 = a[i];
            if (mx3 < b[i] * 3.0)
                mx3 = b[i] * 3.0;
        }
        for (int i = 0; i < n; i++) {
            fsum += 0.5 * f[i];
            fmx = fmaxf(fmx, f[i]);
            uprod *= (unsigned)(2 * k[i] + 1);
            uand &= (unsigned)k[i] | 0xfff000u;
            uor |= (unsigned)k[i];
            uxor ^= (unsigned)k[i] * 2654435761u;
            usum += (unsigned short)(k[i] * 7);
            all = all && (k[i] < 1000);
            any = any || (k[i] == 999);
            imax = imax > k[i] ? imax : k[i];
            imin = k[i] < imin ? k[i] : imin;
            if (k[i] % 3 == 0)
                count += 1;
        }
        /* Both loops of a nest without directives. */
        for (int i = 0; i < 100; i++)
            for (int j = 0; j < 10; j++)
                total += a[i * 10 + j] * b[j];
        /* A running sum is read in every iteration: the loop stays sequential. */
        for (int i = 0; i < n; i++) {
            running += a[i];
            prefix[i] = running;
        }
        /* So is one that is also reset. */
        for (int i = 0; i < n; i++) {
            wrapped += b[i];
            if (wrapped > 100.0)
                wrapped = 0.0;
        }
    }
    printf("sums: %.3f %.3f %.3f %.3f %.3f\n", sum, sum2, diff, chain, total);
    printf("extrema: %.3f %.3f %.3f %.3f %.3f %.3f\n", prod, mx, mn, mx2, mn2, mx3);
    printf("float: %.3f %.3f\n", fsum, fmx);
    printf("unsigned: %u %u %u %u %u\n", uprod, uand, uor, uxor, (unsigned)usum);
    printf("int: %d %d %d %d %ld\n", all, any, imax, imin, count);
    printf("prefix: %.3f %.3f %.3f %.3f %.3f\n", prefix[0], prefix[n / 2], prefix[n - 1], running,
           wrapped);

    /* In a parallel construct the loop reduces too (the scalars are in data clauses). */
    double psum = 0.0, pmax = -1e300;
#pragma acc parallel loop copyin(a) copy(psum, pmax)
    for (int i = 0; i < n; i++) {
        psum += a[i] * 2.0;
        pmax = fmax(pmax, a[i] + b[i]);
    }
    printf("parallel: %.3f %.3f\n", psum, pmax);
    return 0;
}
