/* Array reductions too large for a private partial per GPU thread (each over 2 KiB) whose
 * loops use the array otherwise than by updates of one element with the reduction's operator:
 * they read an element and store a new value computed from it (`+` through a copy, `max` and
 * `min` as a compare and a store, `*` through a copy), on double, int, long and float arrays,
 * a 2-D array, through a pointer, with gang+vector loops, a gang loop with a worker loop
 * reducing into the gang's partial, a compute-construct reduction with a vector loop nested in
 * its gang loop, a compute-construct reduction in a kernel compiled for one-thread blocks (an
 * atomic write in its gang-redundant code), and `num_gangs`. On GPUs every thread keeps its
 * partial in the launch's
 * scratch buffer, and every region is offloaded (accc-all-offloaded). The arrays start from
 * non-identity values, which the results must include. Weights are multiples of 1/8 and the
 * products powers of two, so float results are exact in any order. gcc 12 crashes on array
 * reductions, so it builds the same loops with atomics. */
#include <stdio.h>

#define N 100000
#define B 1024
#define R 48
/* accc-all-offloaded */

static int key[N];
static double w[N];
static double sum[B], rsum[B];
static int top[B], rtop[B], low[B], rlow[B];
static float prod[B], rprod[B];
static int grid[R][R], rgrid[R][R];
static long rows[B], rrows[B];
static long viap[B], rviap[B];
static double whole[B], rwhole[B];
static double single[B], rsingle[B];


/* `h[0:B]` through a pointer, reduced by a gang vector loop inside a compute construct. */
static void by_pointer(int n, const int *keys, long *h)
{
#if _OPENACC > 201711
#pragma acc parallel copyin(keys[0:n]) copy(h[0:B])
    {
#pragma acc loop gang vector reduction(+:h[0:B])
        for (int i = 0; i < n; i++) {
            long old = h[(keys[i] >> 3) % B];
            h[(keys[i] >> 3) % B] = old + keys[i] % 5;
        }
    }
#else
    for (int i = 0; i < n; i++)
        h[(keys[i] >> 3) % B] += keys[i] % 5;
#endif
}

int main(void)
{
    int n = N, errors = 0;
    for (int i = 0; i < n; i++) {
        key[i] = (int)(((unsigned)i * 2654435761u) >> 9);
        w[i] = (key[i] % 7) * 0.125;
    }
    for (int b = 0; b < B; b++) {
        sum[b] = rsum[b] = 0.5 * (b % 3);
        top[b] = rtop[b] = b % 11 == 0 ? 1 << 30 : -1;
        low[b] = rlow[b] = b % 13 == 0 ? -5 : 1 << 30;
        prod[b] = rprod[b] = b % 2 ? 1.0f : 0.5f;
        rows[b] = rrows[b] = b;
        viap[b] = rviap[b] = 3 * b;
        whole[b] = rwhole[b] = 1.0;
        single[b] = rsingle[b] = b % 4;
    }
    for (int r = 0; r < R; r++)
        for (int c = 0; c < R; c++)
            grid[r][c] = rgrid[r][c] = r - c;
    by_pointer(n, key, viap);

    /* The reference: plain loops. */
    for (int i = 0; i < n; i++) {
        int b = key[i] % B, v = key[i] % 100000;
        rsum[b] += w[i];
        if (v > rtop[b])
            rtop[b] = v;
        if (v < rlow[(b * 7) % B])
            rlow[(b * 7) % B] = v;
        if (i % 97 == 0)
            rprod[(b * 3) % B] *= 2.0f;
        rgrid[key[i] % R][(key[i] / R) % R] += 1;
    }
    for (int i = 0; i < n; i++)
        rviap[(key[i] >> 3) % B] += key[i] % 5;
    for (int g = 0; g < 64; g++)
        for (int j = 0; j < 512; j++)
            rrows[(g * 37 + j) % B] += j % 3;
    for (int i = 0; i < n; i++)
        rwhole[key[i] % B] += 0.25;
    for (int i = 0; i < n; i++)
        rsingle[(key[i] >> 4) % B] += 0.125;
    int flag = 0;

#if _OPENACC > 201711
    /* Gang vector loops: a read then a store of a new value. */
#pragma acc parallel loop copyin(key, w) reduction(+:sum) reduction(max:top) reduction(min:low)
    for (int i = 0; i < n; i++) {
        int b = key[i] % B, v = key[i] % 100000;
        double old = sum[b];
        sum[b] = old + w[i];
        if (v > top[b])
            top[b] = v;
        if (v < low[(b * 7) % B])
            low[(b * 7) % B] = v;
    }
#pragma acc parallel loop copyin(key) reduction(*:prod) num_gangs(8) vector_length(64)
    for (int i = 0; i < n; i++) {
        if (i % 97 == 0) {
            float old = prod[(key[i] % B * 3) % B];
            prod[(key[i] % B * 3) % B] = old * 2.0f;
        }
    }
#pragma acc parallel loop copyin(key) reduction(+:grid)
    for (int i = 0; i < n; i++) {
        int r = key[i] % R, c = (key[i] / R) % R;
        int old = grid[r][c];
        grid[r][c] = old + 1;
    }
    /* A gang loop's reduction, and a worker loop inside reducing into the gang's partial. */
#pragma acc parallel loop gang reduction(+:rows) num_workers(4) vector_length(32)
    for (int g = 0; g < 64; g++) {
#pragma acc loop worker reduction(+:rows)
        for (int j = 0; j < 512; j++) {
            long old = rows[(g * 37 + j) % B];
            rows[(g * 37 + j) % B] = old + j % 3;
        }
    }
    /* A compute-construct reduction; its gang loop's vector loop reduces into its partial. */
#pragma acc parallel copyin(key) reduction(+:whole)
    {
#pragma acc loop gang
        for (int t = 0; t < n / 100; t++) {
#pragma acc loop vector reduction(+:whole)
            for (int i = t * 100; i < t * 100 + 100; i++) {
                double old = whole[key[i] % B];
                whole[key[i] % B] = old + 0.25;
            }
        }
    }
    /* One-thread blocks (the atomic write in the gang-redundant code): each gang's one thread
     * keeps its partial in the scratch buffer and combines it into the device copy itself. */
#pragma acc parallel copyin(key) reduction(+:single) copy(flag) num_gangs(6)
    {
#pragma acc atomic write
        flag = 1;
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
            double old = single[(key[i] >> 4) % B];
            single[(key[i] >> 4) % B] = old + 0.125;
        }
    }
#else
    flag = 1;
    for (int i = 0; i < n; i++)
        single[(key[i] >> 4) % B] += 0.125;
    for (int i = 0; i < n; i++) {
        int b = key[i] % B, v = key[i] % 100000;
        sum[b] += w[i];
        if (v > top[b])
            top[b] = v;
        if (v < low[(b * 7) % B])
            low[(b * 7) % B] = v;
        if (i % 97 == 0)
            prod[(b * 3) % B] *= 2.0f;
        grid[key[i] % R][(key[i] / R) % R] += 1;
        whole[key[i] % B] += 0.25;
    }
    for (int g = 0; g < 64; g++)
        for (int j = 0; j < 512; j++)
            rows[(g * 37 + j) % B] += j % 3;
#endif

    double total = 0;
    long itotal = 0;
    for (int b = 0; b < B; b++) {
        if (sum[b] != rsum[b] || top[b] != rtop[b] || low[b] != rlow[b] || prod[b] != rprod[b] ||
            rows[b] != rrows[b] || viap[b] != rviap[b] || whole[b] != rwhole[b] ||
            single[b] != rsingle[b]) {
            if (errors++ < 5)
                printf("bin %d: %g %d %d %g %ld %ld %g, expected %g %d %d %g %ld %ld %g\n", b,
                       sum[b], top[b], low[b], prod[b], rows[b], viap[b], whole[b], rsum[b],
                       rtop[b], rlow[b], rprod[b], rrows[b], rviap[b], rwhole[b]);
        }
        total += sum[b] + prod[b] + whole[b] + single[b];
        itotal += top[b] % 1000 + low[b] % 1000 + rows[b] + viap[b];
    }
    for (int r = 0; r < R; r++)
        for (int c = 0; c < R; c++) {
            if (grid[r][c] != rgrid[r][c] && errors++ < 5)
                printf("grid[%d][%d] = %d, expected %d\n", r, c, grid[r][c], rgrid[r][c]);
            itotal += grid[r][c];
        }
    if (flag != 1)
        errors++;
    printf("totals %.3f %ld\n", total, itotal);
    printf("%s\n", errors ? "FAILED" : "ok");
    return errors != 0;
}
