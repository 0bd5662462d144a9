/* private_section_runtime.c: private and firstprivate sections through pointers whose length
 * is known only at run time (private(tmp[0:n]), firstprivate(c[0:m]), from a length the
 * program reads at run time): multicore kernels give each gang a copy sized at the launch, the
 * host evaluating the length when it enters the construct. On a combined construct and on a
 * parallel construct around a gang loop, with more gangs than threads (a thread's copy reused
 * by the gangs it runs), a length of 0, and a firstprivate copy starting from the original's
 * values, which keeps its own (on every device: the host code of the regions makes copies
 * too). Every gang writes the part of its private copy it reads first, so the results are a
 * serial run's. GCC's OpenACC has no such sections: its reference names the pointers, and
 * works on a duplicate of c.
 * accc-multicore-offloaded accc-cores: 1 3 */
#include <stdio.h>
#include <stdlib.h>

#if _OPENACC > 201711
#define PRIVATE(p, lower, length) private(p[lower:length])
#define FIRSTPRIVATE(p, lower, length) firstprivate(p[lower:length])
#else
#define PRIVATE(p, lower, length)
#define FIRSTPRIVATE(p, lower, length) firstprivate(p)
#endif

/* Row sums of a reversed running sum, through a private work array of n elements. */
static double rows(int rows, int n, const double *a, double *out)
{
    double *tmp = malloc((n > 0 ? n : 1) * sizeof *tmp);
#pragma acc parallel loop gang PRIVATE(tmp, 0, n) copyin(a[0:rows*n]) copyout(out[0:rows])
    for (int r = 0; r < rows; r++) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += a[r * n + i];
            tmp[i] = s;
        }
        double t = 0;
#pragma acc loop vector reduction(+:t)
        for (int i = 0; i < n; i++)
            t += tmp[n - 1 - i] * (i + 1);
        out[r] = t;
    }
    free(tmp);
    double total = 0;
    for (int r = 0; r < rows; r++)
        total += out[r];
    return total;
}

/* A parallel construct with the private section, a gang loop inside. */
static double blocks(int count, int n, double *out)
{
    double *w = malloc((n > 0 ? n : 1) * sizeof *w);
#pragma acc parallel num_gangs(7) PRIVATE(w, 0, n) copyout(out[0:count])
    {
#pragma acc loop gang
        for (int b = 0; b < count; b++) {
            for (int i = 0; i < n; i++)
                w[i] = b * 0.25 + i;
            double s = 0;
            for (int i = n - 1; i >= 0; i--)
                s = s * 0.5 + w[i];
            out[b] = s;
        }
    }
    free(w);
    double total = 0;
    for (int b = 0; b < count; b++)
        total += out[b];
    return total;
}

/* Each gang's copy of c starts from the original: its second half is only read. */
static double seeded(int rows, int m, double *c, double *out)
{
#pragma acc parallel loop gang FIRSTPRIVATE(c, 0, 2 * m) copyout(out[0:rows*m])
    for (int r = 0; r < rows; r++) {
        for (int i = 0; i < m; i++)
            c[i] = r - i + c[m + i];
        for (int i = 0; i < m; i++)
            out[r * m + i] = c[m - 1 - i] * 3.0;
    }
    double total = 0;
    for (int k = 0; k < rows * m; k++)
        total += out[k];
    return total;
}

int main(int argc, char **argv)
{
    /* Lengths the compiler cannot know. */
    int n = 29 + (argc > 5), m = 17 + (argc > 6), zero = argc > 7;
    int count = 300;
    double *a = malloc(count * n * sizeof *a), *out = malloc(count * n * sizeof *out);
    double *c = malloc(2 * m * sizeof *c);
    for (int k = 0; k < count * n; k++)
        a[k] = (k % 13) * 0.5 - 2.0;
    for (int i = 0; i < 2 * m; i++)
        c[i] = i * 0.75;
    printf("rows: %.3f\n", rows(count, n, a, out));
    printf("rows of length 0: %.3f\n", rows(5, zero, a, out));
    printf("blocks: %.4f\n", blocks(count, n, out));
#if _OPENACC > 201711
    double *work = c;
#else
    double *work = malloc(2 * m * sizeof *work);
    for (int i = 0; i < 2 * m; i++)
        work[i] = c[i];
#endif
    printf("seeded: %.3f\n", seeded(count, m, work, out));
    int changed = 0;
    for (int i = 0; i < 2 * m; i++)
        changed += c[i] != i * 0.75;
    printf("elements of c changed: %d\n", changed);
    free(a);
    free(out);
    free(c);
    return 0;
}
