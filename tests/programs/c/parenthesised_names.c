/* A name in parentheses followed by an operator that may also start an operand ('(k) + n * k',
 * '(k) - 2 * k', '(m) & 1', '(p) * q') reads like a cast when the name could be a type: index
 * macros with parenthesised arguments are written that way. Where the name is a variable, the
 * region is the arithmetic it says and is offloaded; casts to real typedef names stay casts,
 * also where an inner variable shadows a typedef. An element in parentheses followed by such
 * an operator ('(x[i]) + c * 2.0', NPB MG's I3D macro) reads like a cast to an array type and
 * is the element too. accc-all-offloaded */
#include <stdio.h>

#define N 100
#define OFFSET(i, j, w) ((j) + (w) * (i))
#define I2D(a, i, j) (a[i][j])

typedef int index_t;
typedef unsigned char byte;

static int a[N], b[N], c[N], d[N * 4];
static double e[N], g[N][4];

int main(void)
{
    int n = N, w = 4, bad = 0;
#pragma acc parallel loop copyout(a, b, c)
    for (int k = 0; k < n; k++) {
        a[k] = (k) + n * k;
        b[k] = (k) - 2 * k + (n) * (k);
        c[k] = ((k) & 1) + (index_t)(k - 1) - k + (byte)(k + 250);
    }
#pragma acc parallel loop collapse(2) copyout(d)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 4; j++)
            d[OFFSET(i, j, w)] = (i) * (w) + (j);
#pragma acc parallel loop copyout(e, g)
    for (int k = 0; k < n; k++) {
        double h = 0.5;
        for (int j = 0; j < 4; j++)
            g[k][j] = k + j;
        e[k] = (a[k]) + h * 2.0 - (b[k]) * 3 + I2D(g, k, 1) - h / 2.0 + (g[k][2]) * h;
    }
#pragma acc parallel copy(bad)
    {
        int index_t = 3;
        bad += (index_t) - 3;
    }
    for (int k = 0; k < n; k++) {
        bad += a[k] != k + n * k;
        bad += b[k] != k - 2 * k + n * k;
        bad += c[k] != (k & 1) - 1 + (unsigned char)(k + 250);
    }
    for (int x = 0; x < N * 4; x++)
        bad += d[x] != x;
    for (int k = 0; k < n; k++)
        bad += e[k] != a[k] + 1.0 - b[k] * 3 + (k + 1) - 0.25 + (k + 2) * 0.5;
    printf("%d %d %d %d, %d wrong\n", a[N - 1], b[N - 1], c[7], d[N * 4 - 1], bad);
    return bad != 0;
}
