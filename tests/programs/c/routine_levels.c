/* routine directive, unnamed form, at every level: seq, vector, worker and gang
 * routines, each called from a context of the right level. */
#include <stdio.h>

#define NB 16 /* blocks */
#define NR 8  /* rows per block */
#define NC 64 /* columns */

#pragma acc routine seq
static int collatz_steps(long x)
{
    int s = 0;
    while (x != 1) {
        x = (x % 2) ? 3 * x + 1 : x / 2;
        s++;
    }
    return s;
}

#pragma acc routine vector
static void scale_row(double *row, int m, double f)
{
#pragma acc loop vector
    for (int j = 0; j < m; j++)
        row[j] *= f;
}

#pragma acc routine worker
static void scale_block(double *rows, int nr, int m, double f)
{
#pragma acc loop worker
    for (int r = 0; r < nr; r++)
        scale_row(rows + r * m, m, f);
}

#pragma acc routine gang
static void fill_steps(int *out, int n)
{
#pragma acc loop gang vector
    for (int i = 0; i < n; i++)
        out[i] = collatz_steps(i + 1);
}

int main(void)
{
    static int steps[1000];
    static double m[NB * NR * NC];
    int n = 1000, errors = 0;
    for (int i = 0; i < NB * NR * NC; i++)
        m[i] = i % 10;

#pragma acc parallel copyout(steps[0:n])
    fill_steps(steps, n);

#pragma acc parallel loop gang copy(m[0:NB * NR * NC])
    for (int b = 0; b < NB; b++)
        scale_block(m + b * NR * NC, NR, NC, 2.0);

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (steps[i] != collatz_steps(i + 1))
            errors++;
        s += steps[i];
    }
    for (int i = 0; i < NB * NR * NC; i++)
        if (m[i] != 2.0 * (i % 10))
            errors++;
    printf("routine_levels: steps = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
