/* sieve of Eratosthenes: a seq loop over primes with an independent inner
 * marking loop, then a count reduction and a checksum. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 2000000;
    char *composite = calloc(n + 1, 1);
    long count = 0, sum = 0;
#pragma acc data copy(composite[0:n + 1])
    {
        for (int p = 2; (long)p * p <= n; p++) {
            /* the host reads the flag for p: keep it current */
#pragma acc update self(composite[p:1])
            if (composite[p])
                continue;
#pragma acc parallel loop present(composite[0:n + 1])
            for (long m = (long)p * p; m <= n; m += p)
                composite[m] = 1;
        }
#pragma acc parallel loop present(composite[0:n + 1]) reduction(+:count, sum)
        for (int i = 2; i <= n; i++)
            if (!composite[i]) {
                count++;
                sum += i % 1000;
            }
    }
    int errors = count != 148933;
    printf("sieve_primes: pi(%d) = %ld, checksum = %ld, errors = %d\n", n, count, sum, errors);
    free(composite);
    return errors;
}
