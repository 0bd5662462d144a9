/* Directives that programs written for other compilers use and accc once refused or ran wrong:
 * one variable in two data clauses (mapped once, doing both: copyin + copyout is copy,
 * create(zero:) + copyout is copyout(zero:), present + copyout is copyout), a bare pointer in a
 * present clause standing for the data it points to, a function's declare of a section of what
 * a pointer parameter points to, a parenthesised post-decrement in an atomic capture, init, set
 * and shutdown naming a device type that is not there, and a host-fallback region with async
 * after an async kernel on the same queue (it must run after it). GCC refuses some of these
 * (ACCRT_OPENACC: accc's openacc.h); the output is the same everywhere. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

static void add_into(double *c, const double *a, int n) {
#ifdef ACCRT_OPENACC
    #pragma acc declare copy(c[0:n])
#endif
    #pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++) c[i] += a[i];
}

int main(void) {
    double *a = malloc(N * sizeof *a), *c = malloc(N * sizeof *c);
    double total = 0;
    int counts[8] = {0}, captured[8];
    for (int i = 0; i < N; i++) { a[i] = i; c[i] = 1; }
#ifdef ACCRT_OPENACC
    #pragma acc parallel loop copyin(total) copyout(total) reduction(+:total) copyin(a[0:N]) copyout(a[0:N])
#else
    #pragma acc parallel loop reduction(+:total) copy(a[0:N])
#endif
    for (int i = 0; i < N; i++) { total += a[i]; a[i] *= 2; }
    printf("total %g a[5] %g\n", total, a[5]);

    double *z = malloc(N * sizeof *z);
    for (int i = 0; i < N; i++) z[i] = -1;
#ifdef ACCRT_OPENACC
    #pragma acc data create(zero: z[0:N]) copyout(z[0:N]) copyin(a[0:N])
#else
    #pragma acc data copyout(z[0:N]) copyin(a[0:N])
#endif
    {
        #pragma acc parallel loop
        for (int i = 0; i < N; i++) z[i] = a[i] + 1;
    }
    printf("z[0] %g z[63] %g\n", z[0], z[N - 1]);

    #pragma acc enter data copyin(a[0:N])
#ifdef ACCRT_OPENACC
    #pragma acc parallel loop present(a)
#else
    #pragma acc parallel loop present(a[0:N])
#endif
    for (int i = 0; i < N; i++) a[i] += 1;
    #pragma acc exit data copyout(a[0:N])
    printf("a[0] %g a[63] %g\n", a[0], a[N - 1]);

    #pragma acc data copyin(a[0:N])
    add_into(c, a, N);
    printf("c[0] %g c[63] %g\n", c[0], c[N - 1]);

    for (int i = 0; i < 8; i++) counts[i] = 100;
    #pragma acc parallel loop copy(counts) copyout(captured)
    for (int i = 0; i < 8; i++) {
        #pragma acc atomic capture
        {
            captured[i] = counts[i];
            (counts[i])--;
        }
    }
    printf("counts %d %d captured %d\n", counts[0], counts[7], captured[3]);

    acc_device_t before = acc_get_device_type();
#ifdef ACCRT_OPENACC
    #pragma acc init device_type(radeon)
    #pragma acc set device_type(radeon)
    #pragma acc shutdown device_type(radeon)
#endif
    printf("device type %s\n", acc_get_device_type() == before ? "kept" : "changed");

    int *errs = malloc(4 * sizeof *errs);
    double *w = malloc(4 * N * sizeof *w);
    for (int i = 0; i < 4; i++) errs[i] = 0;
    #pragma acc data create(w[0:4 * N]) copy(errs[0:4])
    {
        for (int q = 0; q < 4; q++) {
            #pragma acc parallel loop async(q)
            for (int i = 0; i < N; i++) w[q * N + i] = q + i;
            /* An element reduction (GCC 12 stops with an internal error on it): this region
             * may run as its host fallback, which must wait for the kernel queued before it on
             * queue q. */
#ifdef ACCRT_OPENACC
            #pragma acc parallel loop async(q) reduction(+:errs[q])
#else
            #pragma acc wait(q)
#endif
            for (int i = 0; i < N; i++) errs[q] += w[q * N + i] != q + i;
        }
        #pragma acc wait
    }
    printf("errs %d %d %d %d\n", errs[0], errs[1], errs[2], errs[3]);
    free(a); free(c); free(z); free(errs); free(w);
    return 0;
}
