/* Shared by the CUDA versions of the benchmarks (bench/cuda/NAME.cu, built by nvcc in
 * bench/run.sh's GPU table): the same timer as the OpenACC versions and a check of every CUDA
 * runtime call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cudaError_t status_ = (call);                                                    \
        if (status_ != cudaSuccess) {                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                    cudaGetErrorString(status_));                                        \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)
