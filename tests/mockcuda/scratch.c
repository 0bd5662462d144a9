/* The scratch buffer of large array reduction partials (tests/cuda.sh, emulation pass, with
 * ACCMOCK_SMS=1: 16 default gangs of 128 threads, and ACCMOCK_MEMORY_MIB=64: an 8 MiB bound).
 * Each kernel keeps a 16 KiB partial per thread (2048 doubles; the loop reads the array), so
 * the default 16 gangs would need 32 MiB: the runtime launches 4 gangs (8 MiB). With
 * num_gangs(16) it keeps the 16 gangs and allocates 32 MiB instead, freeing the smaller buffer
 * first; acc_shutdown frees the buffer. Both results are checked. */
#include <openacc.h>
#include <stdio.h>

#define N 50000
#define B 2048

static int key[N];
static double h[B], g[B], ref[B];

int main(void)
{
    for (int i = 0; i < N; i++)
        key[i] = (int)(((unsigned)i * 2654435761u) >> 9);
    for (int i = 0; i < N; i++)
        ref[key[i] % B] += 0.5;
#pragma acc parallel loop copyin(key) reduction(+:h)
    for (int i = 0; i < N; i++) {
        double old = h[key[i] % B];
        h[key[i] % B] = old + 0.5;
    }
#pragma acc parallel loop copyin(key) reduction(+:g) num_gangs(16)
    for (int i = 0; i < N; i++) {
        double old = g[key[i] % B];
        g[key[i] % B] = old + 0.5;
    }
    acc_shutdown(acc_device_nvidia);
    int errors = 0;
    for (int b = 0; b < B; b++)
        errors += h[b] != ref[b] || g[b] != ref[b];
    printf("scratch: %d errors\n", errors);
    return errors != 0;
}
