/* firstprivate arrays the region only reads: a section through a pointer
 * (firstprivate(c[0:n]), n known at run time) and a 12 KB array. Each gang's copy starts
 * from the host's values; accc gives the kernels one device copy of each (before, a GPU
 * kernel received the host pointer, CUDA_ERROR_ILLEGAL_ADDRESS on a real GPU, and the
 * array as a kernel parameter, beyond the 4 KiB CUDA allows: ptxas rejected the image).
 * GCC 12, the reference, knows OpenACC 2.6, without sections in firstprivate. */
#include <stdio.h>
#include <stdlib.h>

#define M 1500

int main(void)
{
    int n = 1000, errors = 0;
    double *c = malloc(n * sizeof *c), *d = malloc(10 * n * sizeof *d);
    double table[M];
    for (int i = 0; i < n; i++)
        c[i] = 0.5 * i;
    for (int i = 0; i < M; i++)
        table[i] = i % 7;
#if _OPENACC >= 202011 /* OpenACC 3.1 and later: a section in firstprivate */
#pragma acc parallel loop gang firstprivate(c[0:n], table) copyout(d[0:10 * n])
#else /* GCC 12 (OpenACC 2.6), the reference */
#pragma acc parallel loop gang copyin(c[0:n]) firstprivate(table) copyout(d[0:10 * n])
#endif
    for (int x = 0; x < 10; x++) {
#pragma acc loop vector
        for (int y = 0; y < n; y++)
            d[x * n + y] = c[y] + x + table[(x * n + y) % M];
    }
    for (int x = 0; x < 10; x++)
        for (int y = 0; y < n; y++)
            if (d[x * n + y] != 0.5 * y + x + (double)(((x * n + y) % M) % 7))
                errors++;
    printf("firstprivate_arrays: errors = %d, c[%d] = %g\n", errors, n - 1, c[n - 1]);
    free(c);
    free(d);
    return errors != 0;
}
