/* kernels loops whose iterations write the same element (output dependences) or read
 * through a subscript the test cannot follow: each must run in order and give the serial
 * answer. Before, the dependence test only paired different accesses, so a single store
 * such as a[i + j] (inner j) or b[i % 7] passed as independent and raced on multicore.
 * Loops nested in a sequential loop are worker loops of one gang, forked and joined in each
 * sequential iteration. accc-cores: 1 3 */
#include <stdio.h>
#include <stdlib.h>

#define N 2000

/* Row-major rows through restrict pointers: c[i * n + j] with j in [0, n) determines i, so
 * the i loop runs in parallel; rows of length m + 1 at a stride of m overlap, so that one
 * runs in order. */
static int rows(const double *restrict a, double *restrict c, int *restrict w, int n, int m)
{
    int errors = 0;
#pragma acc kernels copyin(a[0:n * n]) copyout(c[0:n * n]) copy(w[0:n * m + m + 1])
    {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                c[i * n + j] = 2.0 * a[j * n + i] + i;
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= m; j++)
                w[i * m + j] = i;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (c[i * n + j] != 2.0 * a[j * n + i] + i)
                errors++;
    for (int k = 0; k < n * m + 1; k++) {
        int last = k / m < n ? k / m : n - 1;
        if (w[k] != last)
            errors++;
    }
    return errors;
}

/* A time-step loop around two parallel sweeps: each step must see the previous one whole. */
static int time_steps(void)
{
    enum { M = 1000, STEPS = 40 };
    static double u[M], v[M], ref[M];
    for (int i = 0; i < M; i++)
        u[i] = ref[i] = i % 10;
#pragma acc kernels copy(u) create(v)
    for (int t = 0; t < STEPS; t++) {
        double w = 0.25 + t * 0.001;
        for (int i = 1; i < M - 1; i++) {
            double c = u[i];
            v[i] = c + w * (u[i - 1] - 2 * c + u[i + 1]);
        }
        for (int i = 1; i < M - 1; i++)
            u[i] = v[i];
    }
    for (int t = 0; t < STEPS; t++) {
        double w = 0.25 + t * 0.001;
        for (int i = 1; i < M - 1; i++)
            v[i] = ref[i] + w * (ref[i - 1] - 2 * ref[i] + ref[i + 1]);
        for (int i = 1; i < M - 1; i++)
            ref[i] = v[i];
    }
    int errors = 0;
    for (int i = 0; i < M; i++)
        if (u[i] != ref[i])
            errors++;
    return errors;
}

int main(void)
{
    static int a[2 * N], b[7], h[16], idx[N], c[N][N / 4], d[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++)
        idx[i] = (i * 5) % 16;

#pragma acc kernels copyout(a, b, d) copy(h, c) copyin(idx)
    {
        /* a[k] is written by every i with i + j == k: the last writer is i = min(k, n-1) */
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                a[i + j] = i;
        /* every seventh iteration writes the same element */
        for (int i = 0; i < n; i++)
            b[i % 7] = i;
        /* a histogram without atomics: only correct in order */
        for (int i = 0; i < n; i++)
            h[idx[i]] = h[idx[i]] + 1;
        /* two loop variables, one subscript: (i, j) and (i + 1, j - 1) meet */
        for (int i = 0; i < n / 4; i++)
            for (int j = 0; j < n / 4; j++)
                c[i + j][0] = i * 10000 + j;
        /* independent: a stride-2 store never meets the odd elements it reads */
        for (int i = 0; i < n / 2; i++)
            d[2 * i] = 2 * i;
        for (int i = 0; i < n / 2; i++)
            d[2 * i + 1] = d[2 * i] + 1;
    }

    for (int k = 0; k < 2 * n - 1; k++)
        if (a[k] != (k < n ? k : n - 1))
            errors++;
    for (int k = 0; k < 7; k++) {
        int last = k + 7 * ((n - 1 - k) / 7);
        if (b[k] != last)
            errors++;
    }
    for (int v = 0; v < 16; v++) {
        int count = 0;
        for (int i = 0; i < n; i++)
            count += idx[i] == v;
        if (h[v] != count)
            errors++;
    }
    for (int k = 0; k < n / 2 - 1; k++) {
        int i = k < n / 4 ? k : n / 4 - 1;
        if (c[k][0] != i * 10000 + (k - i))
            errors++;
    }
    for (int k = 0; k < n; k++)
        if (d[k] != k)
            errors++;
    int n2 = 300, m2 = 7;
    double *ra = malloc(sizeof *ra * n2 * n2), *rc = malloc(sizeof *rc * n2 * n2);
    int *rw = calloc((size_t)n2 * m2 + m2 + 1, sizeof *rw);
    if (!ra || !rc || !rw)
        return 2;
    for (int k = 0; k < n2 * n2; k++)
        ra[k] = k % 17;
    errors += rows(ra, rc, rw, n2, m2);
    errors += time_steps();
    free(ra);
    free(rc);
    free(rw);
    printf("kernels_output_dependence: a[n] = %d, b[3] = %d, h[5] = %d, errors = %d\n", a[n],
           b[3], h[5], errors);
    return errors != 0;
}
