/* a histogram with atomic updates: many iterations hit the same bins; the
 * counts must equal a serial histogram. Also a 2-D histogram and a weighted one. */
#include <stdio.h>
#include <stdlib.h>

#define NBINS 64

int main(void)
{
    int n = 1 << 20, errors = 0;
    unsigned *key = malloc(n * sizeof *key);
    unsigned s = 12345u;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        key[i] = s >> 8;
    }
    static int hist[NBINS], h2[8][8], rh[NBINS], rh2[8][8];
    static double wh[NBINS], rwh[NBINS];

#pragma acc parallel loop copyin(key[0:n]) copy(hist, h2, wh)
    for (int i = 0; i < n; i++) {
        unsigned k = key[i];
#pragma acc atomic update
        hist[k % NBINS]++;
#pragma acc atomic update
        h2[(k >> 6) % 8][(k >> 9) % 8] += 1;
#pragma acc atomic update
        wh[k % NBINS] += (double)(k % 4); /* small integers: exact in any order */
    }

    for (int i = 0; i < n; i++) {
        unsigned k = key[i];
        rh[k % NBINS]++;
        rh2[(k >> 6) % 8][(k >> 9) % 8] += 1;
        rwh[k % NBINS] += (double)(k % 4);
    }
    long total = 0, check = 0;
    for (int b = 0; b < NBINS; b++) {
        if (hist[b] != rh[b] || wh[b] != rwh[b] || h2[b / 8][b % 8] != rh2[b / 8][b % 8])
            errors++;
        total += hist[b];
        check += (long)hist[b] * (b + 1) + (long)wh[b];
    }
    if (total != n)
        errors++;
    printf("histogram_atomic: total = %ld, check = %ld, errors = %d\n", total, check, errors);
    free(key);
    return errors != 0;
}
