/* Dense matrix multiply C = A * B (naive triple loop), CUDA version of bench/acc/matmul.c:
 * one thread per element of C (16x16 blocks, j along x so that B and C are read and written
 * coalesced), the k loop sequential in each thread, the same sums in the same order. Prints
 * "matmul <seconds>" (best of REPS after a warm-up) and the same checksum. */
#include "common.h"

#define N 576
#define REPS 3

__global__ void matmul(const double *__restrict__ a, const double *__restrict__ b,
                       double *__restrict__ c, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        double s = 0.0;
        for (int k = 0; k < n; k++)
            s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
    }
}

static void run(const double *a, const double *b, double *c, int n)
{
    dim3 block(16, 16);
    dim3 grid((n + 15) / 16, (n + 15) / 16);
    matmul<<<grid, block>>>(a, b, c, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
}

int main(void)
{
    const int n = N;
    size_t bytes = (size_t)n * n * sizeof(double);
    double *a = (double *)malloc(bytes), *b = (double *)malloc(bytes), *c = (double *)malloc(bytes);
    if (!a || !b || !c)
        return 2;
    for (int i = 0; i < n * n; i++) {
        a[i] = (i % 13) - 6;
        b[i] = (i % 11) - 5;
    }
    double *da, *db, *dc;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));
    CHECK(cudaMalloc(&dc, bytes));
    CHECK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
    double best = 1e30;
    run(da, db, dc, n); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        run(da, db, dc, n);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    CHECK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
    double sum = 0.0;
    for (int i = 0; i < n * n; i++)
        sum += c[i];
    printf("matmul %.6f\n", best);
    printf("checksum %.6e (%.2f GFLOP/s)\n", sum, 2.0 * n * n * n / best / 1e9);
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
    free(a);
    free(b);
    free(c);
    return 0;
}
