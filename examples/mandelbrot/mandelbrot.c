/* Escape-time Mandelbrot set with an integer checksum.
 * The iteration uses 64-bit fixed-point arithmetic (28 fractional bits), so the
 * escape count of every pixel is the same on every device and compiler (no
 * rounding or fused multiply-add can move a pixel across the boundary), and the
 * checksum is exact. One parallel loop with collapse(2) covers the image; a
 * reduction sums the counts.
 * Build: accc -fopenacc -O2 mandelbrot.c -o mandelbrot */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define FRAC 28
#define ONE ((int64_t)1 << FRAC)

#pragma acc routine seq
static int escape_time(int64_t cx, int64_t cy, int max_iter)
{
    int64_t x = 0, y = 0;
    int it = 0;
    while (it < max_iter) {
        int64_t x2 = (x * x) >> FRAC, y2 = (y * y) >> FRAC;
        if (x2 + y2 > 4 * ONE)
            break;
        int64_t xy = (x * y) >> FRAC;
        x = x2 - y2 + cx;
        y = 2 * xy + cy;
        it++;
    }
    return it;
}

int main(void)
{
    const int w = 640, h = 480, max_iter = 200;
    int *img = malloc((size_t)w * h * sizeof *img);
    if (!img)
        return 2;
    /* the view [-2.25, 0.75] x [-1.125, 1.125] */
    const int64_t x0 = -(ONE * 9) / 4, y0 = -(ONE * 9) / 8, step = (ONE * 3) / w;

    long total = 0;
#pragma acc parallel loop collapse(2) copyout(img[0:w * h]) reduction(+:total)
    for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++) {
            int it = escape_time(x0 + px * step, y0 + py * step, max_iter);
            img[py * w + px] = it;
            total += it;
        }

    long check = 0, inside = 0, errors = 0;
    for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++) {
            int it = escape_time(x0 + px * step, y0 + py * step, max_iter);
            errors += img[py * w + px] != it;
            check += it;
            inside += it == max_iter;
        }
    errors += total != check;
    printf("mandelbrot: %dx%d, max_iter %d: checksum %ld, %ld points inside, %ld errors\n", w, h, max_iter, total,
           inside, errors);
    free(img);
    return errors != 0;
}
