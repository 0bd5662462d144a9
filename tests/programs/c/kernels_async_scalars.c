/* Scalars a `kernels async` region only reads get the value they had at the launch, as NVHPC
 * passes them by value: the host may change them, or return from the function holding them,
 * before the queue runs the kernel (a plane index set between two async regions, a loop
 * counter of the launching loop, a bound in a function that returns before the wait). */
#include <stdio.h>

#define N 20000
#define P 4

static float x[N], z[N], planes[P][N];

/* Queues the update of plane `k` and returns before it runs. */
static void update_plane(int k, int n, float by)
{
#pragma acc kernels present(planes) async(1)
    for (int i = 0; i < n; i++)
        planes[k][i] += by * (float)(k + 1);
}

/* Uses the stack `update_plane` used, so a kernel reading its variables late sees garbage. */
static int clobber(int v)
{
    volatile int junk[64];
    for (int i = 0; i < 64; i++)
        junk[i] = -100000 * v;
    return junk[7] + junk[63];
}

int main(void)
{
    int bad = 0, k = 0, sink = 0;
#pragma acc data copy(x, z, planes)
    {
        /* Keeps queue 1 busy, so the next launches wait in the queue. */
#pragma acc parallel loop async(1)
        for (int i = 0; i < N; i++)
            for (int r = 0; r < 200; r++)
                z[i] = z[i] * 0.5f + 1.0f;
#pragma acc kernels async(1)
        for (int i = 0; i < N; i++)
            x[i] += (float)k;
        k = 7;
        for (int p = 0; p < P; p++) {
            update_plane(p, N, 2.0f);
            sink += clobber(p + 1);
        }
#pragma acc kernels async(1)
        for (int i = 0; i < N; i++)
            x[i] += (float)k;
        k = 100;
#pragma acc wait
    }
    for (int i = 0; i < N; i++) {
        bad += x[i] != 7.0f || z[i] != 2.0f;
        for (int p = 0; p < P; p++)
            bad += planes[p][i] != 2.0f * (float)(p + 1);
    }
    printf("x %g planes %g %g, %d wrong\n", x[0], planes[0][N - 1], planes[P - 1][0], bad);
    return bad != 0 || sink == 1;
}
