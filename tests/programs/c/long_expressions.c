/* Machine-generated stencils: one assignment whose right-hand side is a sum of hundreds of
 * terms nests as deep as it has terms (ParRes Kernels' star and grid stencils of radius 8 and
 * more are 17x17-point sums). Such regions are offloaded like any other: a 289-point (17x17)
 * weighted stencil and a 640-term sum, against serial loops. accc-all-offloaded */
#include <stdio.h>

#define N 64
#define R 8

/* W(k) is the weighted term of row offset k at column offsets -8..8. */
#define T(k, l) (double)((k) + 9) * (double)((l) + 9) * in[i + (k)][j + (l)]
#define W(k) (T(k, -8) + T(k, -7) + T(k, -6) + T(k, -5) + T(k, -4) + T(k, -3) + T(k, -2) + \
              T(k, -1) + T(k, 0) + T(k, 1) + T(k, 2) + T(k, 3) + T(k, 4) + T(k, 5) + T(k, 6) + \
              T(k, 7) + T(k, 8))
#define STENCIL (W(-8) + W(-7) + W(-6) + W(-5) + W(-4) + W(-3) + W(-2) + W(-1) + W(0) + W(1) + \
                 W(2) + W(3) + W(4) + W(5) + W(6) + W(7) + W(8))

#define S4(x) x + x + x + x
#define S20(x) S4(x) + S4(x) + S4(x) + S4(x) + S4(x)
#define S640(x) S20(S20(x)) + S20(S4(x)) + S20(S4(x)) + S20(S4(x))

static double in[N][N], out[N][N], ref[N][N], sum[N];

int main(void)
{
    int bad = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            in[i][j] = (double)((i * 7 + j * 3) % 16);
#pragma acc parallel loop collapse(2) copyin(in) copy(out)
    for (int i = R; i < N - R; i++)
        for (int j = R; j < N - R; j++)
            out[i][j] = STENCIL;
#pragma acc parallel loop copyin(in) copyout(sum)
    for (int i = 0; i < N; i++)
        sum[i] = S640(in[i][i]);
    for (int i = R; i < N - R; i++)
        for (int j = R; j < N - R; j++) {
            double s = 0;
            for (int k = -R; k <= R; k++)
                for (int l = -R; l <= R; l++)
                    s += (double)(k + 9) * (double)(l + 9) * in[i + k][j + l];
            ref[i][j] = s;
            bad += out[i][j] != ref[i][j];
        }
    for (int i = 0; i < N; i++)
        bad += sum[i] != 640.0 * in[i][i];
    printf("stencil %.0f %.0f sums %.0f, %d wrong\n", out[R][R], out[N / 2][N / 3], sum[5], bad);
    return bad != 0;
}
