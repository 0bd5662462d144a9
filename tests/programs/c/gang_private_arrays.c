/* A gang's private array shared by its workers: filled by a worker loop and read by the next
 * loop (all of it), and the target of a worker loop's array reduction whose result every worker
 * then reads. On a GPU the redundant code's private storage is each thread's own: the
 * reduction's result once reached only the leader thread's copy (the workers then read zeros).
 * GCC 12 gets the reduction into the private array wrong (ACCRT_OPENACC: accc's openacc.h; GCC
 * runs that loop without its directive, serially, which is the right answer). */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 200
#define G 6

int main(void) {
    double *a = malloc(G * 5 * N * sizeof *a), *d = malloc(G * 5 * N * sizeof *d);
    double avgs[5], c[N], sums[G];
    for (int i = 0; i < G * 5 * N; i++) a[i] = i % 9;
    for (int g = 0; g < G; g++) sums[g] = 0;

    #pragma acc data copyin(a[0:G * 5 * N]) copyout(d[0:G * 5 * N]) copy(sums)
    {
        #pragma acc parallel loop gang private(avgs) num_workers(4)
        for (int g = 0; g < G; g++) {
            for (int k = 0; k < 5; k++) avgs[k] = 0;
#ifdef ACCRT_OPENACC
            #pragma acc loop worker reduction(+:avgs)
#endif
            for (int i = 0; i < 5 * N; i++) avgs[i % 5] += a[g * 5 * N + i];
            for (int k = 0; k < 5; k++) avgs[k] /= N;
            #pragma acc loop worker
            for (int i = 0; i < 5 * N; i++) d[g * 5 * N + i] = a[g * 5 * N + i] - avgs[i % 5];
        }
        #pragma acc parallel num_gangs(G) private(c)
        {
            #pragma acc loop gang
            for (int g = 0; g < G; g++) {
                #pragma acc loop worker
                for (int i = 0; i < N; i++) c[i] = a[g * 5 * N + i] + 1;
                #pragma acc loop seq
                for (int i = 0; i < N; i++) sums[g] += c[i];
            }
        }
    }
    double check = 0;
    for (int i = 0; i < G * 5 * N; i++) check += d[i] * (i % 7);
    printf("%.6f", check);
    for (int g = 0; g < G; g++) printf(" %g", sums[g]);
    printf("\n");
    free(a);
    free(d);
    return 0;
}
