/* tile(8,8) and tile(*,4): a tiled transpose and a tiled 2-D stencil. */
#include <stdio.h>

#define R 100
#define C 72

int main(void)
{
    static double a[R][C], t[C][R], s[R][C];
    int errors = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            a[i][j] = i * 1000 + j;

#pragma acc parallel loop tile(8, 8) copyin(a) copyout(t)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            t[j][i] = a[i][j];

    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            s[i][j] = 0.0;
#pragma acc parallel loop tile(*, 4) copyin(a) copy(s)
    for (int i = 1; i < R - 1; i++)
        for (int j = 1; j < C - 1; j++)
            s[i][j] = a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1] - 4.0 * a[i][j];

#pragma acc kernels copy(s)
    {
#pragma acc loop tile(4, 8)
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                s[i][j] += 1.0;
    }

    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            if (t[j][i] != a[i][j])
                errors++;
            if (s[i][j] != 1.0) /* the Laplacian of a linear field is zero */
                errors++;
        }
    printf("tile_loops: t[C-1][R-1] = %.0f, errors = %d\n", t[C - 1][R - 1], errors);
    return errors != 0;
}
