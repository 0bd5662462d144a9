/* Worker loops split across threads on the multicore device (fork-join): one gang with worker
 * loops over large arrays, two gangs running a worker loop redundantly, a region whose only loop
 * is a worker loop, worker loops inside a gang loop with fewer gangs than threads, a vector loop
 * inside a worker loop, loop-private arrays and scalars, variables declared in the loop body,
 * collapse and tile on worker loops, a worker reduction into a gang-private value, and locals of
 * the gang's code read by the worker loop, and a worker loop written by a macro whose body
 * declares a variable a nested loop's clause names (its place cannot tell the loop's scope from
 * the gang's, so that loop stays on the gang's thread), and scalars declared outside a worker
 * loop that each iteration overwrites first (sequential loop counters). tests/run.sh also runs it with ACC_NUM_CORES=4 and 7
 * (teams of several threads per gang).
 * accc-cores: 4 7 */
#include <stdio.h>

#define N (1 << 20)
#define R 37
#define C 1000
#define K 64

static double a[N], b[N], c[N];
static int m[R][C], t[R][C];
static long rowsum[R];
static double out[4];
static long sums[R];

/* One line of code after preprocessing: the declaration of `inner` shares the directive's line. */
#define ROW_SUMS(m, sums)                                                                        \
    _Pragma("acc loop worker") for (int r = 0; r < R; r++) {                                    \
        long inner = 0;                                                                          \
        _Pragma("acc loop vector reduction(+:inner)") for (int j = 0; j < C; j++) inner +=      \
            m[r][j];                                                                             \
        sums[r] = inner;                                                                         \
    }

int main(void)
{
    int errors = 0;
    for (int i = 0; i < N; i++) {
        a[i] = (i % 1000) * 0.25;
        b[i] = (i % 7) - 3;
    }

    /* One gang: the worker loop is the whole region. */
#pragma acc parallel num_gangs(1) copyin(a, b) copyout(c)
    {
#pragma acc loop worker
        for (int i = 0; i < N; i++)
            c[i] = a[i] * 2.0 + b[i];
    }
    for (int i = 0; i < N; i++)
        if (c[i] != a[i] * 2.0 + b[i])
            errors++;

    /* A parallel region without gang loops and no num_gangs: one gang, all threads on its worker
     * loop; code around it (scale) runs once per gang. */
    double scale = 3.0;
#pragma acc parallel copyin(a) copyout(c) firstprivate(scale)
    {
        double twice = scale * 2.0;
#pragma acc loop worker
        for (int i = 0; i < N; i++)
            c[i] = a[i] * twice;
    }
    for (int i = 0; i < N; i++)
        if (c[i] != a[i] * 6.0)
            errors++;

    /* Two gangs run the same worker loops redundantly (idempotent stores), with a worker
     * reduction into a gang-private sum stored by every gang. Only out[0] is written: copying
     * out all of `out` would bring uninitialised device memory home over out[1..3]. */
#pragma acc parallel num_gangs(2) num_workers(4) copyin(a) copyout(c, out[0:1])
    {
        double s = 0.0;
#pragma acc loop worker reduction(+:s)
        for (int i = 0; i < N; i++) {
            c[i] = a[i] + 1.0;
            s += a[i];
        }
        out[0] = s;
#pragma acc loop worker
        for (int i = 0; i < N; i++)
            c[i] = a[i] + (s > 0.0 ? 2.0 : 0.0);
    }
    double want = 0.0;
    for (int i = 0; i < N; i++) {
        want += a[i];
        if (c[i] != a[i] + 2.0)
            errors++;
    }
    if (out[0] != want)
        errors++;

    /* A gang loop over rows with fewer gangs than rows; worker loops inside with a private
     * array per iteration, a variable declared in the worker loop, and a vector loop inside. */
    for (int r = 0; r < R; r++)
        for (int j = 0; j < C; j++)
            m[r][j] = (r * 31 + j * 7) % 101;
#pragma acc parallel num_gangs(2) copyin(m) copyout(t, rowsum)
    {
#pragma acc loop gang
        for (int r = 0; r < R; r++) {
            long total = 0;
            int tmp[K];
#pragma acc loop worker private(tmp) reduction(+:total)
            for (int j = 0; j < C; j++) {
                for (int k = 0; k < K; k++)
                    tmp[k] = m[r][j] + k;
                int best = 0;
                for (int k = 0; k < K; k++)
                    best = tmp[k] % 13 > best ? tmp[k] % 13 : best;
                t[r][j] = best;
                total += best;
            }
            rowsum[r] = total;
#pragma acc loop worker
            for (int j = 0; j < C; j += 10) {
                long inner = 0;
#pragma acc loop vector reduction(+:inner)
                for (int k = 0; k < 10; k++)
                    inner += m[r][j + k];
                t[r][j] += (int)(inner % 2) * 1000;
            }
        }
    }
    for (int r = 0; r < R; r++) {
        long total = 0;
        for (int j = 0; j < C; j++) {
            int best = 0;
            for (int k = 0; k < K; k++)
                best = (m[r][j] + k) % 13 > best ? (m[r][j] + k) % 13 : best;
            long inner = 0;
            if (j % 10 == 0)
                for (int k = 0; k < 10; k++)
                    inner += m[r][j + k];
            if (t[r][j] != best + (int)(inner % 2) * 1000)
                errors++;
            total += best;
        }
        if (rowsum[r] != total)
            errors++;
    }

    /* collapse(2) and tile(16, 32) on worker loops of a one-gang region. */
#pragma acc parallel num_gangs(1) copyin(m) copyout(t)
    {
#pragma acc loop worker collapse(2)
        for (int r = 0; r < R; r++)
            for (int j = 0; j < C; j++)
                t[r][j] = m[r][j] * 2 + r;
    }
    for (int r = 0; r < R; r++)
        for (int j = 0; j < C; j++)
            if (t[r][j] != m[r][j] * 2 + r)
                errors++;
#pragma acc parallel num_gangs(1) copyin(m) copyout(t)
    {
#pragma acc loop worker tile(16, 32)
        for (int r = 0; r < R; r++)
            for (int j = C - 1; j >= 0; j--)
                t[r][j] = m[r][C - 1 - j] - j;
    }
    for (int r = 0; r < R; r++)
        for (int j = 0; j < C; j++)
            if (t[r][j] != m[r][C - 1 - j] - j)
                errors++;

#pragma acc parallel num_gangs(1) copyin(m) copyout(sums)
    {
        ROW_SUMS(m, sums)
    }
    for (int r = 0; r < R; r++) {
        long want_row = 0;
        for (int j = 0; j < C; j++)
            want_row += m[r][j];
        if (sums[r] != want_row)
            errors++;
    }

    /* A sequential loop's counter and a temporary declared outside the worker loop (in the
     * region, and before it: firstprivate): each iteration overwrites them before reading them,
     * so every thread has its own. */
    int kk;
    long acc2;
#pragma acc parallel num_gangs(1) copyin(m) copyout(rowsum, sums)
    {
        int k;
        long acc1;
#pragma acc loop worker
        for (int r = 0; r < R; r++) {
            acc1 = 0;
            for (k = 0; k < C; k++)
                acc1 += m[r][k] * (k % 3);
            rowsum[r] = acc1;
            acc2 = 1;
            for (kk = 0; kk < C; kk += 2)
                acc2 += m[r][kk];
            sums[r] = acc2;
        }
    }
    for (int r = 0; r < R; r++) {
        long want1 = 0, want2 = 1;
        for (int k = 0; k < C; k++)
            want1 += m[r][k] * (k % 3);
        for (int k = 0; k < C; k += 2)
            want2 += m[r][k];
        if (rowsum[r] != want1 || sums[r] != want2)
            errors++;
    }

    /* An empty worker loop and one with fewer iterations than threads. */
    int lo = 5, hi = 5;
#pragma acc parallel num_gangs(1) copy(out) firstprivate(lo, hi)
    {
#pragma acc loop worker
        for (int i = lo; i < hi; i++)
            out[1] = -1.0;
#pragma acc loop worker
        for (int i = 0; i < 2; i++)
            out[2 + i] = i + 10.0;
    }
    if (out[1] != 0.0 || out[2] != 10.0 || out[3] != 11.0)
        errors++;

    printf("worker_fork: c[N-1] = %.2f, rowsum[R-1] = %ld, errors = %d\n", c[N - 1],
           rowsum[R - 1], errors);
    return errors != 0;
}
