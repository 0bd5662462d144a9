/* tile(8, 4) on a transpose: the nest is strip-mined into tile loops (tile.head/tile.body, the
 * tiles divided among gangs) and element loops (acc.loop/collapse.*, the innermost one the
 * counted for.* loop with vectorisation metadata). */
void transpose(int n, int m, const double *restrict a, double *restrict t)
{
#pragma acc parallel loop tile(8, 4) copyin(a[0:n * m]) copyout(t[0:m * n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            t[j * n + i] = a[i * m + j];
}
