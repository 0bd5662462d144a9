/* Histogram with atomic updates: the 256-bin histogram of the bytes of a
 * pseudo-random "image", then the histogram of its 3x3 local sums; many
 * iterations hit the same bin at the same time, so each increment is an
 * atomic update. Checked against serial histograms.
 * Build: accc -fopenacc -O2 histogram.c -o histogram */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const int w = 1024, h = 768;
    uint8_t *img = malloc((size_t)w * h);
    if (!img)
        return 2;
    uint32_t s = 2463534242u;
    for (int i = 0; i < w * h; i++) { /* xorshift, skewed towards dark pixels */
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        img[i] = (uint8_t)((s & 0xff) * ((s >> 8) & 0xff) >> 8);
    }
    static long hist[256], box[9 * 256 / 16], rhist[256], rbox[9 * 256 / 16];

#pragma acc data copyin(img[0:w * h]) copy(hist, box)
    {
#pragma acc parallel loop
        for (int i = 0; i < w * h; i++) {
#pragma acc atomic update
            hist[img[i]]++;
        }
#pragma acc parallel loop collapse(2)
        for (int y = 1; y < h - 1; y++)
            for (int x = 1; x < w - 1; x++) {
                int sum = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        sum += img[(y + dy) * w + x + dx];
#pragma acc atomic update
                box[sum / 16] += 1;
            }
    }

    for (int i = 0; i < w * h; i++)
        rhist[img[i]]++;
    for (int y = 1; y < h - 1; y++)
        for (int x = 1; x < w - 1; x++) {
            int sum = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    sum += img[(y + dy) * w + x + dx];
            rbox[sum / 16]++;
        }
    long errors = 0, total = 0, mode = 0;
    for (int b = 0; b < 256; b++) {
        errors += hist[b] != rhist[b];
        total += hist[b];
        if (hist[b] > hist[mode])
            mode = b;
    }
    for (int b = 0; b < 9 * 256 / 16; b++)
        errors += box[b] != rbox[b];
    errors += total != (long)w * h;
    printf("histogram: %d pixels, mode %ld (%ld pixels), box[0..3] = %ld %ld %ld %ld, %ld errors\n", w * h, mode,
           hist[mode], box[0], box[1], box[2], box[3], errors);
    free(img);
    return errors != 0;
}
