/* data clauses and their OpenACC 3.x modifiers: copy, copyin(readonly:),
 * copyout(zero:), create(zero:). The host arrays are zero as well, so the answer
 * is the same whether the device shares host memory or not. gcc 12 has no
 * modifiers; it gets the same clauses without them. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 3000, errors = 0;
    int *in = malloc(n * sizeof *in);
    int *io = malloc(n * sizeof *io);
    int *acc = calloc(n, sizeof *acc);   /* zero on the host too */
    int *work = calloc(n, sizeof *work);
    int *out = malloc(n * sizeof *out);
    for (int i = 0; i < n; i++) {
        in[i] = i % 50;
        io[i] = 1;
    }

#if _OPENACC > 201711
#pragma acc parallel loop copyin(readonly: in[0:n]) copy(io[0:n]) copyout(zero: acc[0:n])
#else
#pragma acc parallel loop copyin(in[0:n]) copy(io[0:n]) copy(acc[0:n])
#endif
    for (int i = 0; i < n; i++) {
        io[i] += in[i];
        acc[i] += 2 * in[i]; /* relies on the zeroed device copy */
    }

#if _OPENACC > 201711
#pragma acc data create(zero: work[0:n]) copyin(readonly: io[0:n]) copyout(out[0:n])
#else
#pragma acc data copyin(work[0:n]) copyin(io[0:n]) copyout(out[0:n])
#endif
    {
#pragma acc parallel loop present(work[0:n], io[0:n])
        for (int i = 0; i < n; i++)
            work[i] += io[i];
#pragma acc parallel loop present(work[0:n], out[0:n])
        for (int i = 0; i < n; i++)
            out[i] = work[i] * 10;
    }

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (io[i] != 1 + i % 50 || acc[i] != 2 * (i % 50) || out[i] != 10 * (1 + i % 50))
            errors++;
        s += io[i] + acc[i] + out[i];
    }
    printf("data_clause_modifiers: sum = %ld, errors = %d\n", s, errors);
    free(in);
    free(io);
    free(acc);
    free(work);
    free(out);
    return errors != 0;
}
