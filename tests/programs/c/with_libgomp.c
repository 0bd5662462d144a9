/* A program that also links GCC's libgomp (for OpenMP's omp_get_wtime, as training courses'
 * labs time themselves): libgomp defines acc_register_library (which stops the program with
 * "libgomp: TODO" when called) and every acc_* routine. accc's runtime must not take libgomp's
 * acc_register_library for a profiling tool, and the program's acc_* calls must reach accc's
 * runtime (it comes first among the shared libraries). */
/* accc-flags: -fopenmp
 */
#include <omp.h>
#include <openacc.h>
#include <stdio.h>

int main(void) {
    double t0 = omp_get_wtime();
    int n = 1000;
    double a[1000], s = 0;
    double *d = acc_malloc(n * sizeof(double));
    #pragma acc parallel loop copyout(a)
    for (int i = 0; i < n; i++) a[i] = i;
    #pragma acc parallel loop reduction(+:s) copyin(a)
    for (int i = 0; i < n; i++) s += a[i];
    acc_free(d);
    printf("%g %d %d\n", s, d != NULL, omp_get_wtime() >= t0);
    return 0;
}
