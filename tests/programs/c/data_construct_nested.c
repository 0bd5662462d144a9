/* data construct: copy, copyin, copyout and create on nested data regions,
 * compute regions that find the data present, and a data region with if(). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 5000;
    double *in = malloc(n * sizeof *in);
    double *tmp = malloc(n * sizeof *tmp);
    double *out = malloc(n * sizeof *out);
    double *acc = malloc(n * sizeof *acc);
    if (!in || !tmp || !out || !acc)
        return 2;
    for (int i = 0; i < n; i++) {
        in[i] = i % 17;
        acc[i] = 1.0;
    }

#pragma acc data copyin(in[0:n]) copy(acc[0:n])
    {
#pragma acc data create(tmp[0:n]) copyout(out[0:n])
        {
#pragma acc parallel loop present(in[0:n], tmp[0:n])
            for (int i = 0; i < n; i++)
                tmp[i] = in[i] * in[i];
#pragma acc parallel loop present(tmp[0:n], out[0:n], acc[0:n])
            for (int i = 0; i < n; i++) {
                out[i] = tmp[i] + 1.0;
                acc[i] += out[i];
            }
        }
        /* a compute region with a copy clause for data already present: no transfer */
#pragma acc parallel loop copy(acc[0:n])
        for (int i = 0; i < n; i++)
            acc[i] *= 2.0;
    }

    int use_device = n > 100;
#pragma acc data copy(out[0:n]) if(use_device)
    {
#pragma acc parallel loop copy(out[0:n])
        for (int i = 0; i < n; i++)
            out[i] -= 1.0;
    }

    int errors = 0;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        double t = (double)(i % 17) * (i % 17);
        if (out[i] != t || acc[i] != 2.0 * (1.0 + t + 1.0))
            errors++;
        sum += (long long)acc[i];
    }
    printf("data_construct_nested: sum = %lld, errors = %d\n", sum, errors);
    free(in);
    free(tmp);
    free(out);
    free(acc);
    return errors != 0;
}
