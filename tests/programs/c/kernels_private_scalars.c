/* Scalars a kernels region uses without a clause are `copy` (shared); when each iteration of an
 * `independent` loop assigns them before any other use, every iteration needs its own copy (as
 * NVHPC privatises them): shared, the iterations would read one another's stencil offsets. A
 * scalar assigned in both branches of an `if` is assigned first too (Rodinia's srad: `if (i ==
 * rows - 1) cs = c[k]; else cs = c[k + cols];` in a vector loop of a gang-worker loop). Also a
 * worker loop of a parallel region assigning a gang's firstprivate scalar first, and a kernels
 * nest that the dependence test proves independent once such a scalar is private. */
#include <stdio.h>

#define N 48

#define R 512
#define C 512
#define M 40

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
    /* A kernels loop nest without 'independent' (tile(8, 8) here, as a matrix product is
     * written with a function-scope 'tmp'): each iteration of the tiled pair assigns 'tmp'
     * before an inner reduction into it, and the dependence test proves the nest independent
     * once 'tmp' is private to it. */
    static float m1[M][M], m2[M][M], m3[M][M];
    float tmp;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) {
            m1[i][j] = (float)(i % 5);
            m2[i][j] = (float)(j % 3);
        }
#pragma acc kernels copyin(m1, m2) copyout(m3)
#pragma acc loop tile(8, 8)
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) {
            tmp = 0.0f;
#pragma acc loop reduction(+:tmp)
            for (int k = 0; k < M; k++)
                tmp += m1[i][k] * m2[k][j];
            m3[i][j] = tmp;
        }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            if (m3[i][j] != (float)(M * (i % 5) * (j % 3)))
                bad++;
    printf("kernels_private_scalars: %s\n", bad ? "FAIL" : "ok");
    return bad != 0;
}
