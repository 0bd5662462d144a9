/* every reduction operator on int: + * max min & | ^ && ||, on parallel loop,
 * on a loop inside a parallel region and on kernels loop. */
#include <stdio.h>

#define N 2000

int main(void)
{
    static int v[N], bits[N], fac[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++) {
        v[i] = (i * 37) % 1001 - 500;
        bits[i] = 1 << (i % 13);
        fac[i] = i % 200 == 7 ? 2 : (i % 250 == 3 ? -1 : 1);
    }

    int s = 0, p = 1, mx = -1000000, mn = 1000000, an = ~0, o = 0, x = 0, la = 1, lo = 0;
    int la2 = 1, lo2 = 0;
#pragma acc parallel loop copyin(v, bits, fac) reduction(+:s) reduction(*:p) reduction(max:mx) \
    reduction(min:mn) reduction(&:an) reduction(|:o) reduction(^:x) reduction(&&:la, la2) \
    reduction(||:lo, lo2)
    for (int i = 0; i < n; i++) {
        s += v[i];
        p *= fac[i];
        mx = v[i] > mx ? v[i] : mx;
        mn = v[i] < mn ? v[i] : mn;
        an &= ~bits[i] | 0x100;
        o |= bits[i];
        x ^= v[i];
        la = la && v[i] > -501;
        la2 = la2 && v[i] != 0;
        lo = lo || v[i] == 500;
        lo2 = lo2 || v[i] > 500;
    }

    /* the same reductions with the loop inside a parallel region */
    int s_b = 0, mx_b = -1000000, mn_b = 1000000;
#pragma acc parallel copyin(v) reduction(+:s_b)
    {
#pragma acc loop gang vector reduction(+:s_b) reduction(max:mx_b) reduction(min:mn_b)
        for (int i = 0; i < n; i++) {
            s_b += v[i];
            mx_b = v[i] > mx_b ? v[i] : mx_b;
            mn_b = v[i] < mn_b ? v[i] : mn_b;
        }
    }

    /* and on kernels loop */
    int x_k = 0, o_k = 0;
#pragma acc kernels loop copyin(v, bits) reduction(^:x_k) reduction(|:o_k)
    for (int i = 0; i < n; i++) {
        x_k ^= v[i];
        o_k |= bits[i];
    }

    int rs = 0, rp = 1, rmx = -1000000, rmn = 1000000, ran = ~0, ro = 0, rx = 0, rla = 1, rlo = 0;
    int rla2 = 1, rlo2 = 0;
    for (int i = 0; i < n; i++) {
        rs += v[i];
        rp *= fac[i];
        rmx = v[i] > rmx ? v[i] : rmx;
        rmn = v[i] < rmn ? v[i] : rmn;
        ran &= ~bits[i] | 0x100;
        ro |= bits[i];
        rx ^= v[i];
        rla = rla && v[i] > -501;
        rla2 = rla2 && v[i] != 0;
        rlo = rlo || v[i] == 500;
        rlo2 = rlo2 || v[i] > 500;
    }
    if (s != rs || p != rp || mx != rmx || mn != rmn || an != ran || o != ro || x != rx)
        errors++;
    if (la != rla || la2 != rla2 || lo != rlo || lo2 != rlo2 || la != 1 || la2 != 0 || lo != 1 || lo2 != 0)
        errors++;
    if (s_b != rs || mx_b != rmx || mn_b != rmn || x_k != rx || o_k != ro)
        errors++;
    printf("reduction_int_ops: + %d * %d max %d min %d & %d | %d ^ %d && %d %d || %d %d, errors = %d\n",
           s, p, mx, mn, an, o, x, la, la2, lo, lo2, errors);
    return errors != 0;
}
