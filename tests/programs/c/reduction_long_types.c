/* every integer reduction operator on long and long long (signed and
 * unsigned), plus a large sum that needs 64 bits. */
#include <stdio.h>

/* _Pragma takes exactly one string literal, so the directive is one long line */
#define REDUCE_ALL_PRAGMA _Pragma("acc parallel loop copyin(v, bits, fac) reduction(+:s) reduction(*:p) reduction(max:mx) reduction(min:mn) reduction(&:an) reduction(|:o) reduction(^:x) reduction(&&:la) reduction(||:lo)")

/* One test per type: every integer reduction operator (+ * max min & | ^ && ||)
 * on a parallel loop, compared with the same loop run serially. Values are kept
 * small so that no partial result of any order overflows the type. */
#define DEFINE_REDUCTION_TEST(T, NAME, SIGNED)                                                     \
    static int test_##NAME(long long *checksum)                                                    \
    {                                                                                              \
        enum { n = 120 };                                                                          \
        T v[n], bits[n], fac[n];                                                                   \
        for (int i = 0; i < n; i++) {                                                              \
            v[i] = (SIGNED) ? (T)(i % 3 - 1) : (T)(i % 2);                                         \
            bits[i] = (T)(1 << (i % 7));                                                           \
            fac[i] = (T)(i % 30 == 7 ? 2 : 1);                                                     \
            if ((SIGNED) && i % 50 == 11)                                                          \
                fac[i] = (T)(0 - 1);                                                               \
        }                                                                                          \
        T s = 0, p = 1, mx = v[0], mn = v[0], an = (T)~0, o = 0, x = 0, la = 1, lo = 0;           \
        REDUCE_ALL_PRAGMA                                                                          \
        for (int i = 0; i < n; i++) {                                                              \
            s += v[i];                                                                             \
            p *= fac[i];                                                                           \
            mx = v[i] > mx ? v[i] : mx;                                                            \
            mn = v[i] < mn ? v[i] : mn;                                                            \
            an &= (T)~bits[i];                                                                     \
            o |= bits[i];                                                                          \
            x ^= (T)(i & 0x3f);                                                                    \
            la = la && bits[i] != 0;                                                               \
            lo = lo || v[i] == 1;                                                                  \
        }                                                                                          \
        T rs = 0, rp = 1, rmx = v[0], rmn = v[0], ran = (T)~0, ro = 0, rx = 0, rla = 1, rlo = 0;  \
        for (int i = 0; i < n; i++) {                                                              \
            rs += v[i];                                                                            \
            rp *= fac[i];                                                                          \
            rmx = v[i] > rmx ? v[i] : rmx;                                                         \
            rmn = v[i] < rmn ? v[i] : rmn;                                                         \
            ran &= (T)~bits[i];                                                                    \
            ro |= bits[i];                                                                         \
            rx ^= (T)(i & 0x3f);                                                                   \
            rla = rla && bits[i] != 0;                                                             \
            rlo = rlo || v[i] == 1;                                                                \
        }                                                                                          \
        *checksum += (long long)s + (long long)p + (long long)mx + (long long)mn +                 \
                     (long long)an + (long long)o + (long long)x + (long long)la + (long long)lo;   \
        return s != rs || p != rp || mx != rmx || mn != rmn || an != ran || o != ro ||             \
               x != rx || la != rla || lo != rlo || la != 1 || lo != 1;                            \
    }

DEFINE_REDUCTION_TEST(long, long, 1)
DEFINE_REDUCTION_TEST(long long, llong, 1)
DEFINE_REDUCTION_TEST(unsigned long, ulong, 0)
DEFINE_REDUCTION_TEST(unsigned long long, ullong, 0)

int main(void)
{
    long long checksum = 0;
    int errors = 0;
    errors += test_long(&checksum);
    errors += test_llong(&checksum);
    errors += test_ulong(&checksum);
    errors += test_ullong(&checksum);

    /* a sum that only fits in 64 bits */
    long long big = 0, rbig = 0;
    int m = 1 << 20;
#pragma acc parallel loop reduction(+:big)
    for (int i = 0; i < m; i++)
        big += (long long)i * 4096;
    for (int i = 0; i < m; i++)
        rbig += (long long)i * 4096;
    errors += big != rbig;
    checksum += big % 1000003;

    printf("reduction_long_types: checksum = %lld, errors = %d\n", checksum, errors);
    return errors != 0;
}
