/* Routines taking and returning float and double complex values, compiled for the device:
 * z^2 + c iterations (double complex in and out), a float complex rotation, a routine mixing
 * both with a real result, and a routine calling another one with complex arguments. Each result
 * is checked against the same computation done on the host. accc-all-offloaded */
#include <complex.h>
#include <stdio.h>

#define N 256

/* The parts of a complex lvalue, as its array of two (C11 6.2.5p13): device code has no creal. */
#define RE(z) (((const double *)&(z))[0])
#define IM(z) (((const double *)&(z))[1])
#define REF(z) (((const float *)&(z))[0])
#define IMF(z) (((const float *)&(z))[1])

#pragma acc routine seq
static double complex square_plus(double complex z, double complex c)
{
    return z * z + c;
}

#pragma acc routine seq
static int escape_time(double complex c, int limit)
{
    double complex z = 0;
    for (int k = 0; k < limit; k++) {
        z = square_plus(z, c);
        if (RE(z) * RE(z) + IM(z) * IM(z) > 4.0)
            return k;
    }
    return limit;
}

#pragma acc routine seq
static float complex rotate(float complex v, float complex by)
{
    return v * by;
}

#pragma acc routine seq
static double mixed(float complex f, double complex d, double w)
{
    return w * (REF(f) * RE(d) - IMF(f) * IM(d));
}

static int errors;

int main(void)
{
    static int iters[N];
    static float complex fv[N];
    static double complex dv[N];
    static double m[N];
    static double complex cs[N];
    for (int i = 0; i < N; i++) {
        cs[i] = -2.0 + 2.5 * (i % 16) / 16.0 + (1.25 - 2.5 * (i / 16) / 16.0) * I;
        fv[i] = (float)i - 0.5f * (float)i * I;
        dv[i] = (i % 13) * 0.25 + (i % 5) * 0.125 * I;
    }
    const float complex by = 0.6f + 0.8f * I;

#pragma acc parallel loop copy(fv, dv) copyin(cs) copyout(iters, m) firstprivate(by)
    for (int i = 0; i < N; i++) {
        double complex c = cs[i];
        iters[i] = escape_time(c, 64);
        fv[i] = rotate(fv[i], by);
        m[i] = mixed(fv[i], dv[i], 2.0);
        dv[i] = square_plus(dv[i], c);
    }

    for (int i = 0; i < N; i++) {
        double complex c = cs[i];
        double complex z = 0;
        int k = 0;
        for (; k < 64; k++) {
            z = z * z + c;
            if (creal(z) * creal(z) + cimag(z) * cimag(z) > 4.0)
                break;
        }
        float complex f = ((float)i - 0.5f * (float)i * I) * by;
        double complex d0 = (i % 13) * 0.25 + (i % 5) * 0.125 * I;
        double want_m = 2.0 * (crealf(f) * creal(d0) - cimagf(f) * cimag(d0));
        double complex d = d0 * d0 + c;
        if (iters[i] != k || fv[i] != f || m[i] != want_m || dv[i] != d) {
            if (errors < 10)
                printf("%d: iters %d/%d fv %g%+gi/%g%+gi m %g/%g dv %g%+gi/%g%+gi\n", i, iters[i], k,
                       crealf(fv[i]), cimagf(fv[i]), crealf(f), cimagf(f), m[i], want_m,
                       creal(dv[i]), cimag(dv[i]), creal(d), cimag(d));
            errors++;
        }
    }
    long total = 0;
    double sum = 0;
    for (int i = 0; i < N; i++) {
        total += iters[i];
        sum += crealf(fv[i]) + cimagf(fv[i]) + m[i] + creal(dv[i]) + cimag(dv[i]);
    }
    printf("iterations %ld, sum %.4f\n", total, sum);
    if (errors)
        printf("%d errors\n", errors);
    return errors != 0;
}
