/* Kernels that reach host memory, which a GPU faults on (CUDA_ERROR_ILLEGAL_ADDRESS) and the
 * emulation pass of tests/cuda.sh must too: the emulated kernels are CPU code, so only the
 * memory checks of the emulation (codegen/src/device/emulate/checks.rs) stop them.
 *   member:    a struct copied to the device whose pointer member was never attached: the
 *              kernel loads through the host pointer (printed first, so the test compares it
 *              with the address of the mock's message);
 *   deviceptr: a host array's address declared a device pointer with deviceptr;
 *   attached:  the member attached to its array's copy: a correct program, which runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

struct holder {
    double *p;
    int n;
};

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "attached";
    double *values = malloc(N * sizeof *values), sum = 0;
    if (!values)
        return 2;
    for (int i = 0; i < N; i++)
        values[i] = i;
    struct holder h = {values, N};
    if (strcmp(mode, "member") == 0) {
        printf("host %p\n", (void *)h.p);
        fflush(stdout);
#pragma acc parallel loop copyin(h) reduction(+:sum)
        for (int i = 0; i < N; i++)
            sum += h.p[i];
    } else if (strcmp(mode, "deviceptr") == 0) {
        double on_stack[N], *d = on_stack;
#pragma acc parallel loop deviceptr(d)
        for (int i = 0; i < N; i++)
            d[i] = i;
        sum = on_stack[1];
    } else {
#pragma acc data copyin(h, h.p[0:N])
#pragma acc parallel loop present(h) reduction(+:sum)
        for (int i = 0; i < N; i++)
            sum += h.p[i];
    }
    printf("%s: sum %g\n", mode, sum);
    free(values);
    return 0;
}
