/* Variables that loops of a compute region privatise, also used outside those loops: a loop
 * variable declared outside the region and read after its loop (the region's own copy, which
 * the loop leaves alone), a sequential loop's variable in a serial region, a loop private
 * variable, and a loop reduction whose variable only an enclosing data construct maps. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 100, i = 7, j, k = 3;
    int a[100], b[4];
    double total = 10, *x = malloc(n * sizeof *x);
    for (int q = 0; q < n; q++) x[q] = q;
    #pragma acc parallel copyout(a) copyout(b) num_gangs(1)
    {
        #pragma acc loop
        for (i = 0; i < n; i++) a[i] = i;
        b[0] = i; /* the region's firstprivate i: 7 */
        #pragma acc loop private(k)
        for (int q = 0; q < 4; q++) { k = q; a[q] += k; }
        b[1] = k; /* the region's firstprivate k: 3 */
    }
    printf("%d %d %d %d\n", a[0], a[3], b[0], b[1]);
    #pragma acc serial copy(a) copyout(b)
    {
        for (j = 0; j < n; j++) a[j] += j;
        b[2] = j; /* the sequential loop's variable is the region's: n */
    }
    printf("%d %d %d\n", a[1], a[99], b[2]);
    #pragma acc data copyin(x[0:n]) copy(total)
    {
        #pragma acc parallel loop reduction(+:total)
        for (int q = 0; q < n; q++) total += x[q];
        #pragma acc serial
        {
            total += 1;
            #pragma acc loop reduction(+:total)
            for (int q = 0; q < n; q++) total += x[q];
        }
    }
    printf("%g\n", total);
    free(x);
    return 0;
}
