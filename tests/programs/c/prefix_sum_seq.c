/* prefix sums done right: the loop-carried scan runs in a seq loop (inside
 * parallel and serial constructs), and a blocked scan parallelises over blocks
 * with a seq loop inside each block and a seq pass over the block totals. */
#include <stdio.h>
#include <stdlib.h>

#define N 100000
#define BS 1000

int main(void)
{
    int n = N, nb = N / BS, errors = 0;
    int *x = malloc(n * sizeof *x);
    long *s1 = malloc(n * sizeof *s1), *s2 = malloc(n * sizeof *s2), *s3 = malloc(n * sizeof *s3);
    long *bsum = malloc(nb * sizeof *bsum);
    for (int i = 0; i < n; i++)
        x[i] = (i * 7) % 10 - 3;

    /* 1: one seq loop in a parallel region with one gang */
#pragma acc parallel num_gangs(1) copyin(x[0:n]) copyout(s1[0:n])
    {
        long acc = 0;
#pragma acc loop seq
        for (int i = 0; i < n; i++) {
            acc += x[i];
            s1[i] = acc;
        }
    }

    /* 2: serial loop */
#pragma acc serial loop copyin(x[0:n]) copyout(s2[0:n])
    for (int i = 0; i < n; i++)
        s2[i] = (i > 0 ? s2[i - 1] : 0) + x[i];

    /* 3: blocked scan: parallel over blocks, seq inside, seq over block sums */
#pragma acc data copyin(x[0:n]) copyout(s3[0:n]) create(bsum[0:nb])
    {
#pragma acc parallel loop gang present(x[0:n], s3[0:n], bsum[0:nb])
        for (int b = 0; b < nb; b++) {
            long acc = 0;
#pragma acc loop seq
            for (int i = b * BS; i < (b + 1) * BS; i++) {
                acc += x[i];
                s3[i] = acc;
            }
            bsum[b] = acc;
        }
#pragma acc serial present(bsum[0:nb])
        {
            long acc = 0;
            for (int b = 0; b < nb; b++) {
                long t = bsum[b];
                bsum[b] = acc; /* exclusive scan of block totals */
                acc += t;
            }
        }
#pragma acc parallel loop collapse(2) present(s3[0:n], bsum[0:nb])
        for (int b = 0; b < nb; b++)
            for (int i = 0; i < BS; i++)
                s3[b * BS + i] += bsum[b];
    }

    long ref = 0;
    for (int i = 0; i < n; i++) {
        ref += x[i];
        if (s1[i] != ref || s2[i] != ref || s3[i] != ref)
            errors++;
    }
    printf("prefix_sum_seq: last = %ld, s[n/2] = %ld, errors = %d\n", s1[n - 1], s1[n / 2], errors);
    free(x);
    free(s1);
    free(s2);
    free(s3);
    free(bsum);
    return errors != 0;
}
