/* Arrays of row pointers (double **, each row its own malloc) in data clauses:
 * p[0:R][0:C] maps the pointer array p[0:R] and each row p[i][0:C] with the clause's action and
 * attaches every device pointer slot to its row's device copy (OpenACC 3.3 §2.7.1, §2.7.2).
 * Covered: copyin, copy, copyout, create + present, nested data regions (the attachment
 * counter keeps the inner region's exit from detaching), enter/exit data, update self/device of
 * all rows and of a proper subset, a subset p[2:5][1:C-2] in a compute construct, and exit data
 * finalize.
 *
 * gcc 12 rejects p[0:R][0:C] of a pointer to pointers ("array section is not contiguous"), so
 * its reference build names only the pointer array p[0:R]: it runs every region on the host,
 * where no copy happens and the results are the same (subarray_2d.c spells the per-row mapping
 * out for gcc). Every printed value is the same whether the device shares host memory or not. */
#include <stdio.h>
#include <stdlib.h>

#define R 12
#define C 10

#if defined(_OPENACC) && _OPENACC > 201711
#define ROWS_2D 1
#else
#define ROWS_2D 0
#endif

static double **new_rows(double base)
{
    double **p = malloc(R * sizeof *p);
    for (int i = 0; i < R; i++) {
        p[i] = malloc(C * sizeof **p);
        for (int j = 0; j < C; j++)
            p[i][j] = base + i * C + j;
    }
    return p;
}

static void free_rows(double **p)
{
    for (int i = 0; i < R; i++)
        free(p[i]);
    free(p);
}

/* The sum of p[i][j] over rows [r0, r0 + nr) and columns [c0, c0 + nc), each weighted by its
 * position so that a value in the wrong place changes the sum. */
static double sum(double **p, int r0, int nr, int c0, int nc)
{
    double s = 0.0;
    for (int i = r0; i < r0 + nr; i++)
        for (int j = c0; j < c0 + nc; j++)
            s += p[i][j] * (1 + (i * C + j) % 7);
    return s;
}

int main(void)
{
    double **a = new_rows(1.0);
    double sums[R];

    /* copyin: the kernel reads every row through the device pointer array */
#if ROWS_2D
#pragma acc parallel loop copyin(a[0:R][0:C]) copyout(sums[0:R])
#else
#pragma acc parallel loop copyin(a[0:R]) copyout(sums[0:R])
#endif
    for (int i = 0; i < R; i++) {
        double s = 0.0;
        for (int j = 0; j < C; j++)
            s += a[i][j];
        sums[i] = s;
    }
    double total = 0.0;
    for (int i = 0; i < R; i++)
        total += sums[i] * (i + 1);
    printf("copyin: %.1f, a: %.1f\n", total, sum(a, 0, R, 0, C));

    /* copy: every row comes back */
#if ROWS_2D
#pragma acc parallel loop copy(a[0:R][0:C])
#else
#pragma acc parallel loop copy(a[0:R])
#endif
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            a[i][j] = 2.0 * a[i][j] + 1.0;
    printf("copy: %.1f\n", sum(a, 0, R, 0, C));

    /* copyout: rows created on the device, written there, copied back */
    double **b = new_rows(-100.0);
#if ROWS_2D
#pragma acc parallel loop copyout(b[0:R][0:C])
#else
#pragma acc parallel loop copyout(b[0:R])
#endif
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            b[i][j] = i - 0.5 * j;
    printf("copyout: %.1f\n", sum(b, 0, R, 0, C));

    /* create + present: a scratch copy that lives only on the device */
    double **t = new_rows(0.0);
#if ROWS_2D
#pragma acc data create(t[0:R][0:C]) copyin(a[0:R][0:C]) copyout(sums[0:R])
#else
#pragma acc data create(t[0:R]) copyin(a[0:R]) copyout(sums[0:R])
#endif
    {
#if ROWS_2D
#pragma acc parallel loop present(t[0:R][0:C], a[0:R][0:C])
#else
#pragma acc parallel loop present(t[0:R], a[0:R])
#endif
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                t[i][j] = 3.0 * a[i][j];
#pragma acc parallel loop
        for (int i = 0; i < R; i++) {
            double s = 0.0;
            for (int j = 0; j < C; j++)
                s += t[i][j] * (j + 1);
            sums[i] = s;
        }
    }
    total = 0.0;
    for (int i = 0; i < R; i++)
        total += sums[i];
    printf("create: %.1f\n", total);

    /* nested data regions: the inner exit drops the attachment counters to 1, not 0, so the
     * second kernel (its `a` implicitly present) still reaches the rows' device copies */
#if ROWS_2D
#pragma acc data copy(a[0:R][0:C])
#else
#pragma acc data copy(a[0:R])
#endif
    {
#if ROWS_2D
#pragma acc data copy(a[0:R][0:C])
#else
#pragma acc data copy(a[0:R])
#endif
        {
#pragma acc parallel loop
            for (int i = 0; i < R; i++)
                for (int j = 0; j < C; j++)
                    a[i][j] += 1.0;
        }
#pragma acc parallel loop
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                a[i][j] += 10.0 * i;
    }
    printf("nested: %.1f\n", sum(a, 0, R, 0, C));

    /* enter data, update self of all rows and of a subset, update device, exit data */
#if ROWS_2D
#pragma acc enter data copyin(b[0:R][0:C])
#else
#pragma acc enter data copyin(b[0:R])
#endif
#pragma acc parallel loop
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            b[i][j] *= 2.0;
#if ROWS_2D
#pragma acc update self(b[0:R][0:C])
#else
#pragma acc update self(b[0:R])
#endif
    printf("update self: %.1f\n", sum(b, 0, R, 0, C));
#pragma acc parallel loop
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            b[i][j] += 7.0;
#if ROWS_2D
#pragma acc update self(b[2:5][1:C-2])
#else
#pragma acc update self(b[2:5])
#endif
    printf("update self subset: %.1f\n", sum(b, 2, 5, 1, C - 2));
    for (int i = 2; i < 7; i++)
        for (int j = 1; j < C - 1; j++)
            b[i][j] = 1000.0 + i + j;
#if ROWS_2D
#pragma acc update device(b[2:5][1:C-2])
#else
#pragma acc update device(b[2:5])
#endif
#pragma acc parallel loop
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            b[i][j] -= 1.0;
#if ROWS_2D
#pragma acc exit data copyout(b[0:R][0:C])
#else
#pragma acc exit data copyout(b[0:R])
#endif
    printf("exit data: %.1f\n", sum(b, 0, R, 0, C));

    /* a proper subset: rows 2..6, columns 1..C-2; the device pointers are attached so that
     * b[i][j] with those indices lands in the mapped part of each row */
#if ROWS_2D
#pragma acc parallel loop copy(b[2:5][1:C-2])
#else
#pragma acc parallel loop copy(b[2:5])
#endif
    for (int i = 2; i < 7; i++)
        for (int j = 1; j < C - 1; j++)
            b[i][j] = b[i][j] * 0.5 + i * j;
    printf("subset: %.1f\n", sum(b, 0, R, 0, C));

    /* dynamic counters: two enter data, one exit data with finalize removes everything */
#if ROWS_2D
#pragma acc enter data copyin(t[0:R][0:C])
#pragma acc enter data copyin(t[0:R][0:C])
#else
#pragma acc enter data copyin(t[0:R])
#pragma acc enter data copyin(t[0:R])
#endif
#pragma acc parallel loop
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            t[i][j] = i * j;
#if ROWS_2D
#pragma acc exit data copyout(t[0:R][0:C]) finalize
#else
#pragma acc exit data copyout(t[0:R]) finalize
#endif
    printf("finalize: %.1f\n", sum(t, 0, R, 0, C));

    free_rows(a);
    free_rows(b);
    free_rows(t);
    return 0;
}
