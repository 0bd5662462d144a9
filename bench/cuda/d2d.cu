/* The device's copy rate: cudaMemcpy device to device of one stream array (2^24 doubles,
 * bench/acc/stream.c's size), best of REPS after a warm-up, counted as bytes read + bytes
 * written, which is what the triad's bandwidth is measured against in bench/run.sh.
 * Prints "d2d <seconds>" and "rate <GB/s>". */
#include "common.h"

#define N (1 << 24)
#define REPS 10

int main(void)
{
    size_t bytes = (size_t)N * sizeof(double);
    double *from, *to;
    CHECK(cudaMalloc(&from, bytes));
    CHECK(cudaMalloc(&to, bytes));
    CHECK(cudaMemset(from, 0, bytes));
    CHECK(cudaMemcpy(to, from, bytes, cudaMemcpyDeviceToDevice)); /* warm-up */
    CHECK(cudaDeviceSynchronize());
    double best = 1e30;
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        CHECK(cudaMemcpy(to, from, bytes, cudaMemcpyDeviceToDevice));
        CHECK(cudaDeviceSynchronize());
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    printf("d2d %.6f\n", best);
    printf("rate %.2f\n", 2.0 * bytes / best / 1e9);
    CHECK(cudaFree(from));
    CHECK(cudaFree(to));
    return 0;
}
