/* Reductions of worker loops split across threads: + * max min && || on int, long, float and
 * double, & | ^ on int and long, in a one-gang region (all threads on the worker loop) and in a
 * gang loop of two gangs whose iterations each reduce a worker loop into a gang-private value.
 * Every value is exact in its type, so any combination order gives the same result.
 * tests/run.sh also runs it with ACC_NUM_CORES=4 and 7.
 * accc-cores: 4 7 */
#include <stdio.h>

#define N 100003
#define ROWS 5

static int vi[N], fi[N];
static long vl[N], fl[N];
static float vf[N], ff[N];
static double vd[N], fd[N];

/* The reductions of one type T over arrays V (values) and F (factors) in a one-gang region. */
#define ARITH(T, V, F, FMT)                                                                      \
    do {                                                                                         \
        const T *v = V, *f = F;                                                                  \
        T s = 0, p = 1, mx = -1000000, mn = 1000000;                                             \
        int la = 1, lo = 0, la2 = 1, lo2 = 0;                                                    \
        _Pragma("acc parallel num_gangs(1) copyin(v[0:N], f[0:N]) reduction(+:s) reduction(*:p) reduction(max:mx) reduction(min:mn) reduction(&&:la, la2) reduction(||:lo, lo2)") \
        {                                                                                        \
            _Pragma("acc loop worker reduction(+:s) reduction(*:p) reduction(max:mx) reduction(min:mn) reduction(&&:la, la2) reduction(||:lo, lo2)") \
            for (int i = 0; i < N; i++) {                                                        \
                s += v[i];                                                                       \
                p *= f[i];                                                                       \
                mx = v[i] > mx ? v[i] : mx;                                                      \
                mn = v[i] < mn ? v[i] : mn;                                                      \
                la = la && v[i] > -51;                                                           \
                la2 = la2 && v[i] != 0;                                                          \
                lo = lo || v[i] == 50;                                                           \
                lo2 = lo2 || v[i] > 50;                                                          \
            }                                                                                    \
        }                                                                                        \
        T ws = 0, wp = 1, wmx = -1000000, wmn = 1000000;                                         \
        int wla = 1, wlo = 0, wla2 = 1, wlo2 = 0;                                                \
        for (int i = 0; i < N; i++) {                                                            \
            ws += v[i];                                                                          \
            wp *= f[i];                                                                          \
            wmx = v[i] > wmx ? v[i] : wmx;                                                       \
            wmn = v[i] < wmn ? v[i] : wmn;                                                       \
            wla = wla && v[i] > -51;                                                             \
            wla2 = wla2 && v[i] != 0;                                                            \
            wlo = wlo || v[i] == 50;                                                             \
            wlo2 = wlo2 || v[i] > 50;                                                            \
        }                                                                                        \
        if (s != ws || p != wp || mx != wmx || mn != wmn || la != wla || la2 != wla2 ||          \
            lo != wlo || lo2 != wlo2) {                                                          \
            printf(#T ": wrong reduction\n");                                                    \
            errors++;                                                                            \
        }                                                                                        \
        printf(#T ": sum " FMT " product " FMT " max " FMT " min " FMT " and %d %d or %d %d\n", \
               s, p, mx, mn, la, la2, lo, lo2);                                                  \
    } while (0)

/* & | ^ on an integer type. */
#define BITS(T, V, FMT)                                                                          \
    do {                                                                                         \
        const T *v = V;                                                                          \
        T an = ~(T)0, o = 0, x = 0;                                                              \
        _Pragma("acc parallel num_gangs(1) copyin(v[0:N]) reduction(&:an) reduction(|:o) reduction(^:x)") \
        {                                                                                        \
            _Pragma("acc loop worker reduction(&:an) reduction(|:o) reduction(^:x)")            \
            for (int i = 0; i < N; i++) {                                                        \
                an &= ~((T)1 << (i % 23)) | v[i];                                                \
                o |= (T)1 << (i % 29);                                                           \
                x ^= v[i] * (T)(i % 3);                                                          \
            }                                                                                    \
        }                                                                                        \
        T wan = ~(T)0, wo = 0, wx = 0;                                                           \
        for (int i = 0; i < N; i++) {                                                            \
            wan &= ~((T)1 << (i % 23)) | v[i];                                                   \
            wo |= (T)1 << (i % 29);                                                              \
            wx ^= v[i] * (T)(i % 3);                                                             \
        }                                                                                        \
        if (an != wan || o != wo || x != wx) {                                                   \
            printf(#T ": wrong bit reduction\n");                                                \
            errors++;                                                                            \
        }                                                                                        \
        printf(#T ": and " FMT " or " FMT " xor " FMT "\n", an, o, x);                          \
    } while (0)

int main(void)
{
    int errors = 0;
    for (int i = 0; i < N; i++) {
        int v = (i * 37) % 101 - 50;
        /* A few 2s and halves (and -1s): products stay exact and small. */
        int f = i % 9001 == 7 ? 2 : (i % 12007 == 3 ? -1 : 1);
        vi[i] = v;
        vl[i] = v * 100000L;
        vf[i] = v * 0.5f;
        vd[i] = v * 0.25;
        fi[i] = f;
        fl[i] = f * (i % 20011 == 11 ? 4L : 1L);
        ff[i] = f * (i % 17011 == 5 ? 0.5f : 1.0f);
        fd[i] = f * (i % 15013 == 9 ? 0.5 : 1.0);
    }
    ARITH(int, vi, fi, "%d");
    ARITH(long, vl, fl, "%ld");
    ARITH(float, vf, ff, "%g");
    ARITH(double, vd, fd, "%g");
    BITS(int, vi, "%d");
    BITS(long, vl, "%ld");

    /* A gang loop of two gangs: each row reduces its worker loop into gang-private values, and
     * the rows' totals reach the construct's reduction. */
    long rowsum[ROWS], rowmax[ROWS];
    double rowprod[ROWS];
    long grand = 0;
#pragma acc parallel num_gangs(2) copyin(vl, fd) copyout(rowsum, rowmax, rowprod) \
    reduction(+:grand)
    {
#pragma acc loop gang reduction(+:grand)
        for (int r = 0; r < ROWS; r++) {
            long s = 0, mx = -1;
            double p = 1.0;
#pragma acc loop worker reduction(+:s) reduction(max:mx) reduction(*:p)
            for (int i = r; i < N; i += ROWS) {
                s += vl[i];
                mx = vl[i] > mx ? vl[i] : mx;
                p *= fd[i];
            }
            rowsum[r] = s;
            rowmax[r] = mx;
            rowprod[r] = p;
            grand += s;
        }
    }
    long want_grand = 0;
    for (int r = 0; r < ROWS; r++) {
        long s = 0, mx = -1;
        double p = 1.0;
        for (int i = r; i < N; i += ROWS) {
            s += vl[i];
            mx = vl[i] > mx ? vl[i] : mx;
            p *= fd[i];
        }
        if (rowsum[r] != s || rowmax[r] != mx || rowprod[r] != p)
            errors++;
        want_grand += s;
        printf("row %d: sum %ld max %ld product %g\n", r, rowsum[r], rowmax[r], rowprod[r]);
    }
    if (grand != want_grand)
        errors++;
    printf("worker_reductions: grand = %ld, errors = %d\n", grand, errors);
    return errors != 0;
}
