/* collapse(2), collapse(3) and collapse(force:2) (OpenACC 3.3; gcc 12 gets
 * collapse(2)) over tightly nested loops, with rectangular bounds from variables
 * and non-unit steps. */
#include <stdio.h>

#define NI 40
#define NJ 30
#define NK 20

int main(void)
{
    static int a[NI][NJ], b[NI][NJ][NK], c[NI][NJ];
    int ni = NI, nj = NJ, nk = NK, errors = 0;
    long s2 = 0;

#pragma acc parallel loop collapse(2) copyout(a) reduction(+:s2)
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            a[i][j] = i * nj + j;
            s2 += a[i][j];
        }

#pragma acc parallel loop gang vector collapse(3) copyout(b)
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            for (int k = 0; k < nk; k++)
                b[i][j][k] = i + j + k;

    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            c[i][j] = 0;
#if _OPENACC > 201711
#pragma acc parallel loop collapse(force:2) copy(c)
#else
#pragma acc parallel loop collapse(2) copy(c)
#endif
    for (int i = 1; i < ni; i += 2)
        for (int j = nj - 1; j >= 0; j -= 3)
            c[i][j] = i * j;

    long s3 = 0, want2 = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            want2 += i * NJ + j;
            if (a[i][j] != i * NJ + j)
                errors++;
            int want_c = (i % 2 == 1 && (NJ - 1 - j) % 3 == 0) ? i * j : 0;
            if (c[i][j] != want_c)
                errors++;
            for (int k = 0; k < NK; k++) {
                if (b[i][j][k] != i + j + k)
                    errors++;
                s3 += b[i][j][k];
            }
        }
    if (s2 != want2)
        errors++;
    printf("collapse_loops: %ld %ld, errors = %d\n", s2, s3, errors);
    return errors != 0;
}
