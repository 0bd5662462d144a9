/* firstprivate_section_written.c: a firstprivate section through a pointer that the region
 * writes (firstprivate(c[0:2*N]), as the OpenACC V&V suite's parallel_firstprivate.c T2 does):
 * every gang works on its own copy, which starts from the original's values, and the original
 * is left as it was. Each iteration of the gang loop writes the first half of the copy before
 * reading it back and reads the second half, which nothing writes, so the results do not
 * depend on which gang runs which iteration (gangs sharing one copy would mix their rows). A
 * second region names the section from an offset (c[N:N]). The original keeps its values,
 * on every device: GPUs make no private copies of such a section, and there the regions run
 * their host code, which makes its own copies. GCC's OpenACC has no firstprivate sections: its
 * reference names the pointer (firstprivate(c)) and works on a duplicate of the array.
 * accc-multicore-offloaded accc-cores: 1 3 */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define ROWS 40
#if _OPENACC > 201711
#define SECTION(lower, length) firstprivate(c[lower:length])
#else
#define SECTION(lower, length) firstprivate(c)
#endif

/* The regions, on c; returns the number of wrong results. */
static int regions(double *c, double *d, double *e)
{
    int errors = 0;
#pragma acc parallel loop gang SECTION(0, 2 * N) copyout(d[0:ROWS*N])
    for (int x = 0; x < ROWS; x++) {
#pragma acc loop vector
        for (int y = 0; y < N; y++)
            c[y] = x + y + c[N + y];
#pragma acc loop vector
        for (int y = 0; y < N; y++)
            d[x * N + y] = c[N - 1 - y] * 2.0;
    }
    for (int x = 0; x < ROWS; x++)
        for (int y = 0; y < N; y++) {
            int z = N - 1 - y;
            if (d[x * N + y] != 2.0 * (x + z + (N + z) * 0.5))
                errors++;
        }
#pragma acc parallel loop gang SECTION(N, N) copyout(e[0:ROWS])
    for (int x = 0; x < ROWS; x++) {
        c[N + x % N] += x;
        double s = 0;
        for (int y = N; y < 2 * N; y++)
            s += c[y];
        e[x] = s;
    }
    for (int x = 0; x < ROWS; x++)
        if (e[x] < 0)
            errors++;
    return errors;
}

int main(void)
{
    double *c = malloc(2 * N * sizeof *c), *d = malloc(ROWS * N * sizeof *d);
    double *e = malloc(ROWS * sizeof *e);
    for (int i = 0; i < 2 * N; i++)
        c[i] = i * 0.5;
#if _OPENACC > 201711
    double *work = c;
#else
    double *work = malloc(2 * N * sizeof *work);
    for (int i = 0; i < 2 * N; i++)
        work[i] = c[i];
#endif
    int errors = regions(work, d, e), changed = 0;
    for (int i = 0; i < 2 * N; i++)
        changed += c[i] != i * 0.5;
    printf("d[0] = %g, d[last] = %g, errors: %d, elements of c changed: %d\n", d[0],
           d[ROWS * N - 1], errors, changed);
    errors += changed;
    free(c);
    free(d);
    free(e);
    return errors != 0;
}
