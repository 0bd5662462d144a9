/* collapse(2) and collapse(3) nests whose body runs a loop of its own (a matrix
 * product, a per-cell sum): on a GPU such nests take their innermost two levels in
 * bands of rows and tiles of columns. Every iteration must run exactly once, for
 * extents that are and are not multiples of the band (8 rows) and tile (16 columns),
 * smaller than them, with non-unit steps and negative lower bounds, and with a
 * reduction. */
#include <stdio.h>

static int check_product(int ni, int nj, int nk)
{
    static double a[45][23], b[23][70], c[45][70], d[45][70];
    int errors = 0;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            a[i][k] = (i * 7 + k) % 13 - 6;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            b[k][j] = (k * 5 + j) % 11 - 5;
    for (int i = 0; i < 45; i++)
        for (int j = 0; j < 70; j++)
            c[i][j] = -1.0;
    long visits = 0;
#pragma acc parallel loop collapse(2) copyin(a, b) copy(c) reduction(+:visits)
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            double s = 0.0;
            for (int k = 0; k < nk; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
            visits++;
        }
    for (int i = 0; i < 45; i++)
        for (int j = 0; j < 70; j++) {
            double s = 0.0;
            for (int k = 0; k < nk; k++)
                s += a[i][k] * b[k][j];
            d[i][j] = i < ni && j < nj ? s : -1.0;
            if (c[i][j] != d[i][j])
                errors++;
        }
    if (visits != (long)ni * nj)
        errors++;
    printf("product %dx%dx%d: %ld iterations, %d errors\n", ni, nj, nk, visits, errors);
    return errors;
}

int main(void)
{
    int errors = 0;
    errors += check_product(45, 70, 23);
    errors += check_product(16, 64, 9);
    errors += check_product(3, 5, 4);
    errors += check_product(9, 17, 1);
    errors += check_product(1, 70, 3);
    errors += check_product(45, 1, 2);

    /* collapse(3) with steps and negative bounds; each cell sums a short series. */
    static int cells[6][40][19];
    int n = 0;
#pragma acc parallel loop gang vector collapse(3) copyout(cells)
    for (int p = 0; p < 6; p++)
        for (int q = -20; q < 60; q += 2)
            for (int r = 18; r >= 0; r--) {
                int s = 0;
#pragma acc loop seq
                for (int t = 0; t <= r; t++)
                    s += t;
                cells[p][(q + 20) / 2][r] = s + p * 1000 + q;
            }
    for (int p = 0; p < 6; p++)
        for (int q = -20; q < 60; q += 2)
            for (int r = 18; r >= 0; r--) {
                n++;
                if (cells[p][(q + 20) / 2][r] != r * (r + 1) / 2 + p * 1000 + q)
                    errors++;
            }
    printf("collapse(3): %d cells\n", n);

    /* A kernels nest the compiler parallelises, with a while loop inside. */
    static int steps[30][33];
#pragma acc kernels copyout(steps)
#pragma acc loop independent collapse(2)
    for (int i = 0; i < 30; i++)
        for (int j = 0; j < 33; j++) {
            int v = i * 33 + j + 1, count = 0;
            while (v != 1) {
                v = v % 2 ? 3 * v + 1 : v / 2;
                count++;
            }
            steps[i][j] = count;
        }
    long total = 0;
    for (int i = 0; i < 30; i++)
        for (int j = 0; j < 33; j++)
            total += steps[i][j];
    printf("collatz steps: %ld\n", total);

    printf("%s\n", errors ? "FAILED" : "PASSED");
    return errors != 0;
}
