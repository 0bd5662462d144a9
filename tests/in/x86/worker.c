/* A worker loop inside a gang loop: the loop is outlined into `<kernel>.worker1`
 * (ctx, begin, end, chunk), which runs its flat iterations [begin, end) with its own loop
 * variable, its own `count` and its own partial of the worker reduction, stored into the
 * buffer slot `chunk`; the gang's thread asks __accrt_worker_chunks how many pieces, calls the
 * body directly for one or __accrt_fork_workers for more, then folds the partials in piece
 * order and adds the result into the gang's `total`. The vector loop inside keeps its
 * vectorisation metadata in the outlined body. */
void histogram(int n, int m, const int *restrict key, long *restrict hist, long *restrict sums)
{
#pragma acc parallel loop gang num_gangs(2) copyin(key[0:m]) copyout(hist[0:n * 8], sums[0:n])
    for (int g = 0; g < n; g++) {
        long total = 0;
#pragma acc loop worker reduction(+:total)
        for (int b = 0; b < 8; b++) {
            long count = 0;
#pragma acc loop vector reduction(+:count)
            for (int j = 0; j < m; j++)
                count += (key[j] % 8 == b);
            hist[g * 8 + b] = count;
            total += count;
        }
        sums[g] = total;
    }
}
