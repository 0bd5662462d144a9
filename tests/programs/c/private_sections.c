/* private(p[lo:n]) of a C pointer: each gang (or each iteration of the loop) gets its own copy
 * of the section, and p points at it as it pointed at the original. The pointer itself used to
 * be the private copy, uninitialised: the kernels wrote through a null pointer or into freed
 * memory. A copy of run-time length runs its region on the host. GCC does not accept sections
 * in private clauses (ACCRT_OPENACC: accc's openacc.h): its build runs the loops serially on
 * the shared array, which gives the same answers. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define G 8

int main(void) {
    double *a = malloc(G * N * sizeof *a), *c = malloc(N * sizeof *c), d[G], e[G], f[G];
    int n = N;
    for (int i = 0; i < G * N; i++) a[i] = i % 13;
    for (int g = 0; g < G; g++) d[g] = e[g] = f[g] = 0;

#ifdef ACCRT_OPENACC
    #pragma acc parallel num_gangs(G) private(c[0:N]) copyin(a[0:G * N]) copy(d)
#else
    #pragma acc parallel num_gangs(G) copyin(a[0:G * N]) copy(d)
#endif
    {
        #pragma acc loop gang
        for (int g = 0; g < G; g++) {
            #pragma acc loop worker
            for (int i = 0; i < N; i++) c[i] = a[g * N + i];
            #pragma acc loop seq
            for (int i = 0; i < N; i++) d[g] += c[i];
        }
    }

#ifdef ACCRT_OPENACC
    #pragma acc parallel loop gang private(c[16:32]) copyin(a[0:G * N]) copy(e)
#else
    #pragma acc parallel loop gang copyin(a[0:G * N]) copy(e)
#endif
    for (int g = 0; g < G; g++) {
        #pragma acc loop vector
        for (int i = 16; i < 48; i++) c[i] = 2 * a[g * N + i];
        for (int i = 16; i < 48; i++) e[g] += c[i];
    }

#ifdef ACCRT_OPENACC
    #pragma acc parallel loop gang private(c[0:n]) copyin(a[0:G * N]) copy(f)
#else
    #pragma acc parallel loop gang copyin(a[0:G * N]) copy(f)
#endif
    for (int g = 0; g < G; g++) {
        for (int i = 0; i < n; i++) c[i] = a[g * N + i] + 1;
        for (int i = 0; i < n; i++) f[g] += c[i];
    }

    for (int g = 0; g < G; g++) printf("%g %g %g\n", d[g], e[g], f[g]);
    free(a);
    free(c);
    return 0;
}
