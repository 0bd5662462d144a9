/* reductions across nested gang / worker / vector loops: one total reduced at
 * every level, and per-row sums reduced at vector level inside a gang loop. */
#include <stdio.h>

#define NI 64
#define NJ 32
#define NK 128

int main(void)
{
    static int a[NI][NJ][NK];
    static long rowsum[NI];
    long total = 0;
    int errors = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                a[i][j][k] = (i + 2 * j + 3 * k) % 10;

#pragma acc parallel loop gang copyin(a) reduction(+:total)
    for (int i = 0; i < NI; i++) {
#pragma acc loop worker reduction(+:total)
        for (int j = 0; j < NJ; j++) {
#pragma acc loop vector reduction(+:total)
            for (int k = 0; k < NK; k++)
                total += a[i][j][k];
        }
    }

    int maxrow = -1;
#pragma acc parallel loop gang copyin(a) copyout(rowsum) reduction(max:maxrow)
    for (int i = 0; i < NI; i++) {
        long s = 0;
#pragma acc loop worker vector collapse(2) reduction(+:s)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                s += a[i][j][k];
        rowsum[i] = s;
        if ((int)s > maxrow)
            maxrow = (int)s;
    }

    long want = 0;
    int rmax = -1;
    for (int i = 0; i < NI; i++) {
        long s = 0;
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                s += a[i][j][k];
        want += s;
        if (rowsum[i] != s)
            errors++;
        if ((int)s > rmax)
            rmax = (int)s;
    }
    if (total != want || maxrow != rmax)
        errors++;
    printf("reduction_nested_levels: total = %ld, maxrow = %d, errors = %d\n", total, maxrow, errors);
    return errors != 0;
}
