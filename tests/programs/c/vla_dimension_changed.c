/* A variable-length array's size variable assigned after the declaration: the array keeps the
 * size of its declaration, so the region must not address it with the variable's new value
 * (accc keeps such a region on its host fallback, with a remark). */
#include <stdio.h>

int main(int argc, char **argv)
{
    int m = 7 + argc;
    double a[3][m + 1][4];
    m = 2;
    (void)argv;
    int bad = 0;
#pragma acc parallel loop copyout(a)
    for (int k = 0; k < 9; k++)
        for (int j = 0; j < 4; j++)
            a[1][k][j] = k + j;
    for (int k = 0; k < 9; k++)
        for (int j = 0; j < 4; j++)
            bad += a[1][k][j] != k + j;
    printf("vla_dimension_changed: m = %d, a[1][8][3] = %g, %d wrong\n", m, a[1][8][3], bad);
    return bad != 0;
}
