/* Escape-time Mandelbrot (double precision), OpenMP version (same kernel as
 * bench/acc/mandelbrot.c; dynamic schedule, as the rows differ in cost).
 * Prints "mandelbrot <seconds>" (best of REPS after a warm-up) and the checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define W 1024
#define H 1024
#define MAX_ITER 256
#define REPS 3

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static long render(int *restrict img, int w, int h)
{
    long total = 0;
#pragma omp parallel for collapse(2) schedule(dynamic, 1024) reduction(+:total)
    for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++) {
            double cx = -2.25 + 3.0 * px / w, cy = -1.5 + 3.0 * py / h;
            double x = 0.0, y = 0.0;
            int it = 0;
            while (it < MAX_ITER && x * x + y * y <= 4.0) {
                double xt = x * x - y * y + cx;
                y = 2.0 * x * y + cy;
                x = xt;
                it++;
            }
            img[py * w + px] = it;
            total += it;
        }
    return total;
}

int main(void)
{
    int *img = malloc((size_t)W * H * sizeof *img);
    if (!img)
        return 2;
    double best = 1e30;
    long total = 0;
    render(img, W, H); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        total = render(img, W, H);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    printf("mandelbrot %.6f\n", best);
    printf("checksum %ld\n", total);
    free(img);
    return 0;
}
