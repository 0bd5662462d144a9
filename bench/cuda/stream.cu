/* STREAM triad a[i] = b[i] + s * c[i], CUDA version of bench/acc/stream.c: the same size,
 * repetitions and host timer (each launch synchronised, as the OpenACC version's synchronous
 * `parallel loop` is). Prints "stream <seconds>" and the same checksum. */
#include "common.h"

#define N (1 << 24)
#define REPS 10

__global__ void triad(double *__restrict__ a, const double *__restrict__ b,
                      const double *__restrict__ c, double s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = b[i] + s * c[i];
}

static void run(double *a, const double *b, const double *c, int n)
{
    triad<<<(n + 255) / 256, 256>>>(a, b, c, 3.0, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
}

int main(void)
{
    const int n = N;
    size_t bytes = (size_t)n * sizeof(double);
    double *a = (double *)malloc(bytes), *b = (double *)malloc(bytes), *c = (double *)malloc(bytes);
    if (!a || !b || !c)
        return 2;
    for (int i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = 1.0 + (i % 7);
        c[i] = 0.5 * (i % 5);
    }
    double *da, *db, *dc;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));
    CHECK(cudaMalloc(&dc, bytes));
    CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dc, c, bytes, cudaMemcpyHostToDevice));
    double best = 1e30;
    run(da, db, dc, n); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        run(da, db, dc, n);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    CHECK(cudaMemcpy(a, da, bytes, cudaMemcpyDeviceToHost));
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += a[i];
    printf("stream %.6f\n", best);
    printf("checksum %.6e (%.2f GB/s)\n", sum, 3.0 * n * sizeof(double) / best / 1e9);
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
    free(a);
    free(b);
    free(c);
    return 0;
}
