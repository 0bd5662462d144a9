/* tile with sizes that do not divide the trip counts: partial tiles at the edges, negative and
 * non-unit steps, tile(*), three tiled levels, reductions and private, a tiled gang loop with an
 * inner vector loop, unsigned and long loop variables, `<=` and `>=` bounds. */
#include <stdio.h>

#define R 37
#define C 53
#define D 11

static double a[R][C], b[C][R], c[R][C][D];
static int visits[R][C];

int main(void)
{
    int errors = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            a[i][j] = i * 100 + j;

    /* Every (i, j) exactly once, tiles of 5 x 7 (partial at both edges). */
#pragma acc parallel loop tile(5, 7) copy(visits)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            visits[i][j] += 1;

    /* Negative and non-unit steps: i = R-1, R-3, ..., j = 1, 4, 7, ... */
#pragma acc parallel loop tile(4, 3) copyin(a) copy(b)
    for (int i = R - 1; i >= 0; i -= 2)
        for (int j = 1; j < C; j += 3)
            b[j][i] = a[i][j] + 0.5;

    /* tile(*, *): one tile of 32 x 32 and partial ones. */
#pragma acc parallel loop tile(*, *) copy(visits)
    for (int i = R - 1; i >= 0; i--)
        for (int j = 0; j <= C - 1; j++)
            visits[i][j] += 10;

    /* Three tiled levels with a private temporary. */
    double tmp;
#pragma acc parallel loop tile(2, 8, 3) private(tmp) copy(c)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            for (int k = 0; k < D; k++) {
                tmp = i * 10000.0 + j * 100.0 + k;
                c[i][j][k] = tmp * 2.0;
            }

    /* Reductions over a tiled nest. */
    double sum = 0.0;
    long count = 0;
    double biggest = -1.0;
#pragma acc parallel loop tile(6, 9) copyin(a) reduction(+:sum, count) reduction(max:biggest)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            sum += a[i][j];
            count += (i + j) % 3 == 0;
            if (a[i][j] > biggest)
                biggest = a[i][j];
        }

    /* A tiled gang loop holding a vector loop, with unsigned and long variables. */
    static double row_sums[R][C];
#pragma acc parallel loop gang tile(3, 4) copyin(a) copyout(row_sums)
    for (unsigned i = 0; i < R; i++)
        for (long j = C - 1; j >= 0; j--) {
            double s = 0.0;
#pragma acc loop vector reduction(+:s)
            for (int k = 0; k <= (int)j; k++)
                s += a[i][k];
            row_sums[i][j] = s;
        }

    /* tile in a kernels region, and on a seq loop (kept in its original order). */
    static double prefix[C];
#pragma acc kernels copy(visits)
    {
#pragma acc loop independent tile(8, 16)
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                visits[i][j] += 100;
    }
#pragma acc serial loop tile(2) copyin(a) copyout(prefix)
    for (int j = 0; j < C; j++)
        prefix[j] = (j == 0 ? 0.0 : prefix[j - 1]) + a[0][j];

    double want_sum = 0.0;
    long want_count = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            want_sum += a[i][j];
            want_count += (i + j) % 3 == 0;
            if (visits[i][j] != 111)
                errors++;
            for (int k = 0; k < D; k++)
                if (c[i][j][k] != (i * 10000.0 + j * 100.0 + k) * 2.0)
                    errors++;
            double s = 0.0;
            for (int k = 0; k <= j; k++)
                s += a[i][k];
            if (row_sums[i][j] != s)
                errors++;
        }
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int hit = (R - 1 - i) % 2 == 0 && j % 3 == 1;
            if (b[j][i] != (hit ? a[i][j] + 0.5 : 0.0))
                errors++;
        }
    double p = 0.0;
    for (int j = 0; j < C; j++) {
        p += a[0][j];
        if (prefix[j] != p)
            errors++;
    }
    if (sum != want_sum || count != want_count || biggest != a[R - 1][C - 1])
        errors++;
    printf("tile_edges: sum = %.1f, count = %ld, max = %.1f, errors = %d\n", sum, count, biggest,
           errors);
    return errors != 0;
}
