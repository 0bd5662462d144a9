/* Scalars a kernels region uses without a clause are `copy` (shared); when each iteration of an
 * `independent` loop assigns them before any other use, every iteration needs its own copy (as
 * NVHPC privatises them): shared, the iterations would read one another's stencil offsets. Also
 * a worker loop of a parallel region assigning a gang's firstprivate scalar first. */
#include <stdio.h>

#define N 48

static float f[N][N][N], fn[N][N][N];

int main(void)
{
    int w, e, bad = 0;
    float s;
    for (int k = 0; k < N; k++)
        for (int j = 0; j < N; j++)
            for (int i = 0; i < N; i++)
                f[k][j][i] = 1.0f;
    for (int it = 0; it < 20; it++) {
#pragma acc kernels copyin(f) copyout(fn)
#pragma acc loop independent
        for (int k = 0; k < N; k++)
#pragma acc loop independent
            for (int j = 0; j < N; j++)
#pragma acc loop independent
                for (int i = 0; i < N; i++) {
                    w = -1;
                    e = 1;
                    if (i == 0)
                        w = 0;
                    if (i == N - 1)
                        e = 0;
                    fn[k][j][i] = f[k][j][i + w] + 2 * f[k][j][i + e] + i + 10 * w;
                }
        for (int k = 0; k < N; k++)
            for (int j = 0; j < N; j++)
                for (int i = 0; i < N; i++)
                    if (fn[k][j][i] != 3.0f + i + (i == 0 ? 0 : -10))
                        bad++;
    }
#pragma acc parallel loop gang num_workers(4) copyin(f) copyout(fn)
    for (int k = 0; k < N; k++) {
#pragma acc loop worker
        for (int j = 0; j < N; j++) {
            s = (float)j;
            for (int i = 0; i < N; i++)
                fn[k][j][i] = s + f[k][j][i];
        }
    }
    for (int k = 0; k < N; k++)
        for (int j = 0; j < N; j++)
            for (int i = 0; i < N; i++)
                if (fn[k][j][i] != j + 1.0f)
                    bad++;
    printf("kernels_private_scalars: %s\n", bad ? "FAIL" : "ok");
    return bad != 0;
}
