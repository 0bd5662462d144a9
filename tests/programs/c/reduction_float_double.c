/* reductions on float and double: + * max min && ||. The data
 * are small integers and powers of two so every order gives the exact result;
 * a general sum is checked with a relative tolerance. */
#include <math.h>
#include <stdio.h>

#define N 4096

int main(void)
{
    static float vf[N];
    static double vd[N], fac[N], w[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++) {
        vf[i] = (float)((i * 53) % 199 - 99);
        vd[i] = (double)((i * 31) % 257) - 128.0;
        fac[i] = i % 512 == 3 ? 2.0 : (i % 1024 == 100 ? 0.5 : (i % 1024 == 7 ? -1.0 : 1.0));
        w[i] = 1.0 / (1.0 + i);
    }

    float fs = 0.0f, fp = 1.0f, fmx = -1e30f, fmn = 1e30f;
    double ds = 0.0, dp = 1.0, dmx = -1e300, dmn = 1e300, la = 1.0, lo = 0.0, harm = 0.0;
    float fla = 1.0f, flo = 0.0f;
#pragma acc parallel loop copyin(vf, vd, fac, w) reduction(+:fs, ds, harm) reduction(*:fp, dp) \
    reduction(max:fmx, dmx) reduction(min:fmn, dmn) reduction(&&:la, fla) reduction(||:lo, flo)
    for (int i = 0; i < n; i++) {
        fs += vf[i];
        fp *= (float)fac[i];
        fmx = fmaxf(fmx, vf[i]);
        fmn = fminf(fmn, vf[i]);
        ds += vd[i];
        dp *= fac[i];
        dmx = vd[i] > dmx ? vd[i] : dmx;
        dmn = vd[i] < dmn ? vd[i] : dmn;
        la = la && w[i];
        fla = fla && vf[i] > -100.0f;
        flo = flo || vf[i] > 98.0f;
        lo = lo || (vd[i] == 127.0);
        harm += w[i];
    }

    float rfs = 0.0f, rfp = 1.0f, rfmx = -1e30f, rfmn = 1e30f;
    double rds = 0.0, rdp = 1.0, rdmx = -1e300, rdmn = 1e300, rharm = 0.0;
    for (int i = 0; i < n; i++) {
        rfs += vf[i];
        rfp *= (float)fac[i];
        rfmx = fmaxf(rfmx, vf[i]);
        rfmn = fminf(rfmn, vf[i]);
        rds += vd[i];
        rdp *= fac[i];
        rdmx = vd[i] > rdmx ? vd[i] : rdmx;
        rdmn = vd[i] < rdmn ? vd[i] : rdmn;
        rharm += w[i];
    }
    if (fs != rfs || fp != rfp || fmx != rfmx || fmn != rfmn)
        errors++;
    if (ds != rds || dp != rdp || dmx != rdmx || dmn != rdmn || la != 1.0 || lo != 1.0 || fla != 1.0f || flo != 1.0f)
        errors++;
    if (fabs(harm - rharm) > 1e-12 * rharm)
        errors++;
    printf("reduction_float_double: %.1f %.1f %.1f %.1f | %.1f %.1f %.1f %.1f | %.0f %.0f | %.6f, errors = %d\n",
           fs, fp, fmx, fmn, ds, dp, dmx, dmn, la, lo, harm, errors);
    return errors != 0;
}
