/* subarrays of 2-D arrays: whole rows of a fixed-size 2-D array (m[r0:k][0:C]),
 * a pointer to rows (double (*p)[C]), and an array of row pointers
 * (rows[0:R][0:C], each row its own block). */
#include <stdio.h>
#include <stdlib.h>

#define R 64
#define C 48

int main(void)
{
    static double m[R][C];
    int errors = 0, r0 = 10, k = 20;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            m[i][j] = i + j;

    /* only rows r0 .. r0+k-1 go to the device and come back */
#pragma acc parallel loop collapse(2) copy(m[r0:k][0:C])
    for (int i = r0; i < r0 + k; i++)
        for (int j = 0; j < C; j++)
            m[i][j] *= 2.0;

    double (*p)[C] = malloc(R * sizeof *p);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            p[i][j] = 0.0;
#pragma acc data copyin(m[0:R][0:C]) copy(p[0:R][0:C])
    {
#pragma acc parallel loop gang present(m, p[0:R])
        for (int i = 0; i < R; i++)
#pragma acc loop vector
            for (int j = 0; j < C; j++)
                p[i][j] = m[i][j] + 1.0;
    }

    double **rows = malloc(R * sizeof *rows);
    for (int i = 0; i < R; i++) {
        rows[i] = malloc(C * sizeof **rows);
        for (int j = 0; j < C; j++)
            rows[i][j] = 1.0;
    }
#if _OPENACC > 201711
    /* one clause maps the pointer array and every row, attaching each pointer */
#pragma acc parallel loop copy(rows[0:R][0:C])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            rows[i][j] += i * C + j;
#else
    /* gcc 12 rejects rows[0:R][0:C] ("array section is not contiguous"): the
     * same mapping, spelled out row by row (each row attaches to rows[i]) */
#pragma acc enter data copyin(rows[0:R])
    for (int i = 0; i < R; i++) {
#pragma acc enter data copyin(rows[i][0:C])
    }
#pragma acc parallel loop present(rows[0:R])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            rows[i][j] += i * C + j;
    for (int i = 0; i < R; i++) {
#pragma acc exit data copyout(rows[i][0:C])
    }
#pragma acc exit data delete(rows[0:R])
#endif

    long s = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            double want = (i >= r0 && i < r0 + k) ? 2.0 * (i + j) : (double)(i + j);
            if (m[i][j] != want || p[i][j] != want + 1.0 || rows[i][j] != 1.0 + i * C + j)
                errors++;
            s += (long)p[i][j] + (long)rows[i][j];
        }
    printf("subarray_2d: sum = %ld, errors = %d\n", s, errors);
    for (int i = 0; i < R; i++)
        free(rows[i]);
    free(rows);
    free(p);
    return errors != 0;
}
