/* The variable of an OpenACC loop declared at the top of the compute region, not in the loop's
 * own `for` (`{ int i; #pragma acc loop for (i = 0; ...`, as the OpenACC book's Game of Life
 * does): the loop privatises it, and its body must see the iteration's value. In parallel and
 * kernels regions, collapsed, in a gang loop with an inner vector loop whose variable the gang
 * level declares, and a vector loop reducing into a variable of the gang, whose loop variable a
 * later plain loop reuses. */
#include <stdio.h>

#define N 300
#define M 40

static int a[N], b[N], c[M][M], d[M][M];

int main(void)
{
    int bad = 0;
    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma acc parallel copyin(a) copyout(b)
    {
        int i;
#pragma acc loop
        for (i = 0; i < N; i++)
            b[i] = a[i] + 1;
    }
    for (int i = 0; i < N; i++)
        bad += b[i] != i + 1;
#pragma acc kernels copy(b)
    {
        int i;
#pragma acc loop independent
        for (i = 0; i < N; i++)
            b[i] = 2 * b[i];
    }
    for (int i = 0; i < N; i++)
        bad += b[i] != 2 * (i + 1);
#pragma acc parallel copyout(c)
    {
        int i, j;
#pragma acc loop collapse(2)
        for (i = 0; i < M; i++)
            for (j = 0; j < M; j++)
                c[i][j] = i * M + j;
    }
#pragma acc parallel copyin(c) copyout(d)
    {
        int i, j;
#pragma acc loop gang
        for (i = 0; i < M; i++) {
#pragma acc loop vector
            for (j = 0; j < M; j++)
                d[i][j] = c[i][j] + i;
        }
    }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            bad += c[i][j] != i * M + j || d[i][j] != i * M + j + i;
    int total = 0;
#pragma acc parallel num_gangs(1) copyin(a) copy(total)
    {
        int i, s = 0;
#pragma acc loop vector reduction(+:s)
        for (i = 0; i < N; i++)
            s += a[i];
        total = s;
        for (i = 0; i < 3; i++)
            total += 1;
    }
    bad += total != N * (N - 1) / 2 + 3;
    printf("b %d %d c %d d %d total %d, %d wrong\n", b[0], b[N - 1], c[M - 1][M - 1],
           d[M - 1][M - 1], total, bad);
    return bad != 0;
}
