/* Array reductions too large for a private partial per GPU thread (each over 2 KiB): 4096-bin
 * histograms with `+` on double and int (`+=`, `a[e] = a[e] + x`, `-=`), `max` on int
 * (`a[e] = a[e] > x ? a[e] : x`), a 2-D array, and a section of a larger array reduced by a
 * compute construct, its gang loop and a vector loop nested in it, and a section through a
 * pointer reduced by a gang loop inside a data-mapping compute construct. Every use of each array is
 * an update of one element with the reduction's operator, so GPUs update the device copy
 * atomically and every region is offloaded (accc-all-offloaded). The arrays start from
 * non-identity values, which the results must include. Weights are multiples of 1/8, so the
 * double sums are exact in any order. gcc 12 crashes on array reductions, so it builds the
 * atomic version of the same loops. */
#include <stdio.h>

#define N 200000
#define B 4096
#define R 64

static int key[N];
static double w[N];
static double hist[B], rhist[B];
static int cnt[B], rcnt[B], down[B], rdown[B], top[B], rtop[B];
static int grid[R][R], rgrid[R][R];
static long big[2 * B], rbig[2 * B];

/* `h[0:B]` through a pointer: the loop's reduction goes to the device copy `copy` maps. */
static void by_pointer(int n, const int *keys, long *h)
{
#if _OPENACC > 201711
#pragma acc parallel copyin(keys[0:n]) copy(h[0:B])
    {
#pragma acc loop gang vector reduction(+:h[0:B])
        for (int i = 0; i < n; i++)
            h[(keys[i] >> 3) % B] += keys[i] % 5;
    }
#else
#pragma acc parallel loop copyin(keys[0:n]) copy(h[0:B])
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        h[(keys[i] >> 3) % B] += keys[i] % 5;
    }
#endif
}

static long viap[B], rviap[B];

int main(void)
{
    int n = N, errors = 0;
    for (int i = 0; i < n; i++) {
        key[i] = (int)(((unsigned)i * 2654435761u) >> 9);
        w[i] = (key[i] % 7) * 0.125;
    }
    for (int b = 0; b < B; b++) {
        hist[b] = rhist[b] = 0.5 * (b % 3);
        cnt[b] = rcnt[b] = b % 5;
        down[b] = rdown[b] = 1000;
        top[b] = rtop[b] = b % 11 == 0 ? 1 << 30 : -1;
    }
    for (int r = 0; r < R; r++)
        for (int c = 0; c < R; c++)
            grid[r][c] = rgrid[r][c] = r - c;
    for (int b = 0; b < 2 * B; b++)
        big[b] = rbig[b] = b;
    for (int b = 0; b < B; b++)
        viap[b] = rviap[b] = 3 * b;
    by_pointer(n, key, viap);

#if _OPENACC > 201711
#pragma acc parallel loop copyin(key, w) reduction(+:hist[0:B], cnt, down) reduction(max:top)
    for (int i = 0; i < n; i++) {
        int b = key[i] % B;
        hist[b] += w[i];
        cnt[b] = cnt[b] + 1;
        down[(b * 7) % B] -= key[i] % 3;
        top[b] = top[b] > key[i] % 100000 ? top[b] : key[i] % 100000;
    }
#pragma acc parallel loop copyin(key) reduction(+:grid)
    for (int i = 0; i < n; i++)
        grid[key[i] % R][(key[i] / R) % R] += 1;
#pragma acc parallel copyin(key) reduction(+:big[B:B])
    {
#pragma acc loop gang reduction(+:big[B:B])
        for (int j = 0; j < N / 100; j++) {
#pragma acc loop vector reduction(+:big[B:B])
            for (int k = 0; k < 100; k++)
                big[B + key[j * 100 + k] % B] += key[j * 100 + k] % 3;
        }
    }
#else
#pragma acc parallel loop copyin(key, w) copy(hist, cnt, down, top)
    for (int i = 0; i < n; i++) {
        int b = key[i] % B;
#pragma acc atomic update
        hist[b] += w[i];
#pragma acc atomic update
        cnt[b] += 1;
#pragma acc atomic update
        down[(b * 7) % B] -= key[i] % 3;
    }
#pragma acc serial loop copyin(key) copy(top)
    for (int i = 0; i < n; i++) {
        int b = key[i] % B, v = key[i] % 100000;
        if (v > top[b])
            top[b] = v;
    }
#pragma acc parallel loop copyin(key) copy(grid)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        grid[key[i] % R][(key[i] / R) % R] += 1;
    }
#pragma acc parallel loop copyin(key) copy(big)
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
        big[B + key[i] % B] += key[i] % 3;
    }
#endif

    for (int i = 0; i < n; i++) {
        int b = key[i] % B, v = key[i] % 100000;
        rhist[b] += w[i];
        rcnt[b] += 1;
        rdown[(b * 7) % B] -= key[i] % 3;
        if (v > rtop[b])
            rtop[b] = v;
        rgrid[key[i] % R][(key[i] / R) % R] += 1;
        rbig[B + key[i] % B] += key[i] % 3;
        rviap[(key[i] >> 3) % B] += key[i] % 5;
    }
    double hsum = 0;
    long csum = 0, dsum = 0, tsum = 0, gsum = 0, bsum = 0;
    for (int b = 0; b < B; b++) {
        errors += hist[b] != rhist[b];
        errors += cnt[b] != rcnt[b];
        errors += down[b] != rdown[b];
        errors += top[b] != rtop[b];
        hsum += hist[b];
        csum += cnt[b];
        dsum += down[b];
        tsum += top[b] % 1000;
    }
    for (int r = 0; r < R; r++)
        for (int c = 0; c < R; c++) {
            errors += grid[r][c] != rgrid[r][c];
            gsum += grid[r][c] * (r + 1);
        }
    for (int b = 0; b < 2 * B; b++) {
        errors += big[b] != rbig[b];
        bsum += big[b];
    }
    for (int b = 0; b < B; b++) {
        errors += viap[b] != rviap[b];
        bsum += viap[b];
    }
    printf("reduction_array_large: hist %.3f cnt %ld down %ld top %ld grid %ld big %ld errors %d\n",
           hsum, csum, dsum, tsum, gsum, bsum, errors);
    return errors != 0;
}
