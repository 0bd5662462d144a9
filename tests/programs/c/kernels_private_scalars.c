/* Scalars a kernels region uses without a clause are `copy` (shared); when each iteration of an
 * `independent` loop assigns them before any other use, every iteration needs its own copy (as
 * NVHPC privatises them): shared, the iterations would read one another's stencil offsets. A
 * scalar assigned in both branches of an `if` is assigned first too (Rodinia's srad: `if (i ==
 * rows - 1) cs = c[k]; else cs = c[k + cols];` in a vector loop of a gang-worker loop). Also a
 * worker loop of a parallel region assigning a gang's firstprivate scalar first. */
#include <stdio.h>

#define N 48

#define R 512
#define C 512

static float f[N][N][N], fn[N][N][N], c[R * C], jn[R * C];

int main(void)
{
    int w, e, bad = 0, at;
    float s, cn, cs, cw, ce, d;
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
    for (int q = 0; q < R * C; q++) {
        c[q] = q % 7;
        jn[q] = 0;
    }
    for (int it = 0; it < 10; it++) {
#pragma acc kernels loop gang worker independent copyin(c) copy(jn)
        for (int i = 0; i < R; i++) {
#pragma acc loop vector independent
            for (int j = 0; j < C; j++) {
                at = i * C + j;
                cn = c[at];
                if (i == R - 1)
                    cs = c[at];
                else
                    cs = c[at + C];
                cw = c[at];
                if (j == C - 1)
                    ce = c[at];
                else
                    ce = c[at + 1];
                d = cn + 2 * cs + 3 * cw + 4 * ce;
                jn[at] = jn[at] + 0.125f * d;
            }
        }
    }
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int at = i * C + j;
            float south = i == R - 1 ? c[at] : c[at + C], east = j == C - 1 ? c[at] : c[at + 1];
            float d = c[at] + 2 * south + 3 * c[at] + 4 * east, sum = 0;
            for (int it = 0; it < 10; it++)
                sum = sum + 0.125f * d;
            if (jn[at] != sum)
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
