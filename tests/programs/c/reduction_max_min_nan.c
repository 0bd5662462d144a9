/* max and min reductions on float and double whose data hold NaNs: every form of the update
 * (fmax/fmin, a select, an if) skips a NaN element the way the serial loop does, in explicit
 * reductions, in kernels' implicit ones, in collapsed and nested loops, and when every element
 * is a NaN (the variable keeps its value). accc writes these updates so that the loop is
 * vectorised; these are the cases where a careless vectorisation gives a NaN or a wrong value. */
#include <math.h>
#include <stdio.h>

#define N 10007
#define R 37
#define C 129

static double serial_max(const double *a, int n, double start)
{
    double m = start;
    for (int i = 0; i < n; i++)
        m = fmax(m, a[i]);
    return m;
}

static double serial_min(const double *a, int n, double start)
{
    double m = start;
    for (int i = 0; i < n; i++)
        m = fmin(m, a[i]);
    return m;
}

int main(void)
{
    static double a[N], b[N], nan_only[N], grid[R][C];
    static float f[N];
    int errors = 0;
    for (int i = 0; i < N; i++) {
        a[i] = (double)((i * 7919) % 10007) - 5000.0;
        b[i] = (double)((i * 104729) % 10007) * 0.5;
        f[i] = (float)((i * 31) % 4099) - 2000.0f;
        if (i % 97 == 0 || i == N - 1 || i == 1) {
            a[i] = NAN;
            f[i] = NAN;
        }
        if (i % 89 == 5)
            b[i] = NAN;
        nan_only[i] = NAN;
    }
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            grid[r][c] = (r * 131 + c * 17) % 1000 == 0 ? NAN : (double)((r * 131 + c * 17) % 1000);

    double mx = -1e300, mn = 1e300, tmx = -1e300, imn = 1e300, kerr = 0.0, all = -7.0;
    double big = 1e9, gmx = -1.0, rowmax = -1.0, chain = -1e300;
    float fmx = -1e30f, fmn = 1e30f;
#pragma acc data copyin(a, b, f, nan_only, grid)
    {
#pragma acc parallel loop reduction(max:mx) reduction(min:mn)
        for (int i = 0; i < N; i++) {
            mx = fmax(mx, a[i]);
            mn = fmin(a[i], mn);
        }
#pragma acc parallel loop reduction(max:tmx) reduction(min:imn)
        for (int i = 0; i < N; i++) {
            tmx = a[i] > tmx ? a[i] : tmx;
            if (a[i] < imn)
                imn = a[i];
        }
#pragma acc parallel loop reduction(max:fmx) reduction(min:fmn)
        for (int i = 0; i < N; i++) {
            fmx = fmaxf(fmx, f[i]);
            fmn = fminf(fmn, f[i]);
        }
#pragma acc kernels copy(kerr)
        for (int i = 0; i < N; i++)
            kerr = fmax(kerr, fabs(a[i] - b[i]));
#pragma acc parallel loop reduction(max:all, big, chain)
        for (int i = 0; i < N; i++) {
            all = fmax(all, nan_only[i]);
            big = fmax(big, a[i]);
            chain = fmax(fmax(chain, a[i]), b[i] * 2.0);
        }
#pragma acc parallel loop collapse(2) reduction(max:gmx)
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++)
                gmx = fmax(gmx, grid[r][c]);
#pragma acc parallel loop gang reduction(max:rowmax)
        for (int r = 0; r < R; r++) {
            double m = -1.0;
#pragma acc loop vector reduction(max:m)
            for (int c = 0; c < C; c++)
                m = fmax(m, grid[r][c]);
            rowmax = fmax(rowmax, m + r);
        }
    }

    double kref = 0.0, rrow = -1.0, rchain = -1e300;
    for (int i = 0; i < N; i++)
        rchain = fmax(fmax(rchain, a[i]), b[i] * 2.0);
    for (int i = 0; i < N; i++)
        kref = fmax(kref, fabs(a[i] - b[i]));
    float rfmx = -1e30f, rfmn = 1e30f;
    for (int i = 0; i < N; i++) {
        rfmx = fmaxf(rfmx, f[i]);
        rfmn = fminf(rfmn, f[i]);
    }
    for (int r = 0; r < R; r++) {
        double m = -1.0;
        for (int c = 0; c < C; c++)
            m = fmax(m, grid[r][c]);
        rrow = fmax(rrow, m + r);
    }
    double rmx = serial_max(a, N, -1e300), rmn = serial_min(a, N, 1e300);
    errors += mx != rmx;
    errors += mn != rmn;
    errors += tmx != rmx;
    errors += imn != rmn;
    errors += fmx != rfmx;
    errors += fmn != rfmn;
    errors += kerr != kref;
    errors += all != -7.0;
    errors += big != 1e9;
    errors += chain != rchain;
    errors += gmx != serial_max(&grid[0][0], R * C, -1.0);
    errors += rowmax != rrow;
    printf("max %.1f min %.1f float %.1f %.1f kernels %.1f all-nan %.1f chain %.1f\n",
           mx, mn, (double)fmx, (double)fmn, kerr, all, chain);
    printf("collapse %.1f rows %.1f\n", gmx, rowmax);
    printf("%s\n", errors ? "FAILED" : "PASSED");
    return errors != 0;
}
