/* Variable-length arrays whose inner dimensions are variables or expressions of variables
 * ('double lhs[5][nz2 + 1][w][w]', NPB SP's solvers; 'double a[n][m + 1]' parameters): the
 * region addresses their elements with the sizes taken at the declaration, so the variables
 * are captured even where the region names them nowhere else, and every region is offloaded;
 * a cast to a pointer to a VLA ('(double (*)[m])flat') reads its size where it stands.
 * accc-all-offloaded */
#include <stdio.h>

int nz2 = 6;

static void fill(int n, int m, double a[n][m + 1])
{
#pragma acc parallel loop collapse(2) copyout(a[0:n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= m; j++)
            a[i][j] = 10.0 * i + j;
}

int main(void)
{
    int w = 3, bad = 0;
    double lhs[5][nz2 + 1][w][w];
    double b[4][2 * w + 1];
#pragma acc data create(lhs)
    {
#pragma acc parallel loop
        for (int k = 0; k <= 6; k++)
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    lhs[2][k][i][j] = 100.0 * k + 10.0 * i + j;
#pragma acc update host(lhs)
    }
    fill(4, 2 * w, b);
    int m = 5;
    double flat[4 * 5];
#pragma acc parallel loop copyout(flat)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < m; j++)
            ((double (*)[m])flat)[i][j] = i * 10.0 + j;
    for (int i = 0; i < 4 * 5; i++)
        bad += flat[i] != (i / 5) * 10.0 + i % 5;
    for (int k = 0; k <= 6; k++)
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                bad += lhs[2][k][i][j] != 100.0 * k + 10.0 * i + j;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j <= 2 * w; j++)
            bad += b[i][j] != 10.0 * i + j;
    printf("vla_dimensions: %g %g, %d wrong\n", lhs[2][6][2][2], b[3][6], bad);
    return bad != 0;
}
