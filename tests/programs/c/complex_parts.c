/* The parts of complex numbers in device code (C11 7.3): creal, cimag, conj, cabs, carg and
 * their float forms, of complex values, expressions and reals converted as the prototypes say;
 * and complex values built in device code with the imaginary unit I (glibc's
 * `(__extension__ 1.0iF)`) and GNU imaginary literals (`2.5i`), and casts to complex types
 * (`(float _Complex)z`, `(_Complex float)I`).
 * accc-all-offloaded */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#define N 64
int main(void) {
    double complex z[N];
    float complex w[N];
    double re[N], im[N], ab[N], ar[N];
    float fre[N], fab[N];
    double complex cj[N], built[N];
    float complex fcj[N], fbuilt[N];
    for (int i = 0; i < N; i++) {
        z[i] = (i - 20) * 0.5 + (i % 7 - 3) * 1.5 * I;
        w[i] = (float)(i * 0.25) - (float)(i % 5) * I;
    }
#pragma acc parallel loop copyin(z, w) copyout(re, im, ab, ar, cj, fre, fab, fcj, built, fbuilt)
    for (int i = 0; i < N; i++) {
        re[i] = creal(z[i]);
        im[i] = cimag(z[i] * 2.0);
        ab[i] = cabs(z[i]);
        ar[i] = carg(z[i]);
        cj[i] = conj(z[i]) + 1.0;
        fre[i] = crealf(w[i]) + cimagf(w[i]);
        fab[i] = cabsf(w[i]);
        fcj[i] = conjf(w[i]);
        built[i] = re[i] - im[i] * I + 2.5i * i;
        fbuilt[i] = (float)i * I + crealf(w[i]) + (float _Complex)z[i] * (_Complex float)I;
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        bad += re[i] != creal(z[i]);
        bad += im[i] != cimag(z[i] * 2.0);
        bad += fabs(ab[i] - cabs(z[i])) > 1e-12;
        bad += fabs(ar[i] - carg(z[i])) > 1e-12;
        bad += cj[i] != conj(z[i]) + 1.0;
        bad += fre[i] != crealf(w[i]) + cimagf(w[i]);
        bad += fabsf(fab[i] - cabsf(w[i])) > 1e-5f;
        bad += fcj[i] != conjf(w[i]);
        bad += built[i] != creal(z[i]) - cimag(z[i] * 2.0) * I + 2.5i * i;
        bad += fbuilt[i] != (float)i * I + crealf(w[i]) + (float _Complex)z[i] * (_Complex float)I;
    }
    printf("complex parts: %d wrong\n", bad);
    return bad != 0;
}
