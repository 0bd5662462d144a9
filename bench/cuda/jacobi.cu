/* Jacobi sweeps on a 2-D grid, CUDA version of bench/acc/jacobi.c: per sweep a stencil kernel
 * with a max-change reduction (a shared-memory tree per block, then one atomicMax per block on
 * the change's bits: for doubles >= 0 the integer order of the bits is the numeric order) and
 * a copy-back kernel; the change is zeroed before and read back after each stencil, as the
 * OpenACC version's reduction(max:change) is. 32x8 blocks, j along x. Prints "jacobi
 * <seconds>" (best of REPS after a warm-up) and the same checksum. */
#include "common.h"

#define N 1792
#define SWEEPS 10
#define REPS 5
#define BX 32
#define BY 8

__global__ void stencil(const double *__restrict__ u, double *__restrict__ v, int n,
                        unsigned long long *change)
{
    __shared__ double local[BX * BY];
    int j = blockIdx.x * BX + threadIdx.x + 1;
    int i = blockIdx.y * BY + threadIdx.y + 1;
    int t = threadIdx.y * BX + threadIdx.x;
    double mine = 0.0;
    if (i < n - 1 && j < n - 1) {
        double x = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
        mine = fabs(x - u[i * n + j]);
        v[i * n + j] = x;
    }
    local[t] = mine;
    __syncthreads();
    for (int half = BX * BY / 2; half > 0; half /= 2) {
        if (t < half)
            local[t] = fmax(local[t], local[t + half]);
        __syncthreads();
    }
    if (t == 0)
        atomicMax(change, (unsigned long long)__double_as_longlong(local[0]));
}

__global__ void copy_back(double *__restrict__ u, const double *__restrict__ v, int n)
{
    int j = blockIdx.x * BX + threadIdx.x + 1;
    int i = blockIdx.y * BY + threadIdx.y + 1;
    if (i < n - 1 && j < n - 1)
        u[i * n + j] = v[i * n + j];
}

static double sweeps(double *u, double *v, int n, unsigned long long *dchange)
{
    dim3 block(BX, BY);
    dim3 grid((n - 2 + BX - 1) / BX, (n - 2 + BY - 1) / BY);
    double change = 0.0;
    for (int s = 0; s < SWEEPS; s++) {
        unsigned long long bits = 0;
        CHECK(cudaMemcpy(dchange, &bits, sizeof bits, cudaMemcpyHostToDevice));
        stencil<<<grid, block>>>(u, v, n, dchange);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(&bits, dchange, sizeof bits, cudaMemcpyDeviceToHost));
        memcpy(&change, &bits, sizeof change);
        copy_back<<<grid, block>>>(u, v, n);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
    }
    return change;
}

int main(void)
{
    const int n = N;
    size_t bytes = (size_t)n * n * sizeof(double);
    double *u = (double *)malloc(bytes), *v = (double *)malloc(bytes);
    if (!u || !v)
        return 2;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            u[i * n + j] = v[i * n + j] = (i == 0 || j == 0) ? 1.0 : 0.0;
    double *du, *dv;
    unsigned long long *dchange;
    CHECK(cudaMalloc(&du, bytes));
    CHECK(cudaMalloc(&dv, bytes));
    CHECK(cudaMalloc(&dchange, sizeof *dchange));
    CHECK(cudaMemcpy(du, u, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dv, v, bytes, cudaMemcpyHostToDevice));
    double best = 1e30, change = 0.0;
    sweeps(du, dv, n, dchange); /* warm-up */
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        change = sweeps(du, dv, n, dchange);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    CHECK(cudaMemcpy(u, du, bytes, cudaMemcpyDeviceToHost));
    double sum = 0.0;
    for (int i = 0; i < n * n; i++)
        sum += u[i];
    printf("jacobi %.6f\n", best);
    printf("checksum %.6e (last change %.3e)\n", sum, change);
    CHECK(cudaFree(du));
    CHECK(cudaFree(dv));
    CHECK(cudaFree(dchange));
    free(u);
    free(v);
    return 0;
}
