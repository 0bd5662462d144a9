/* A kernel calls a routine of another file that reads declared globals; the weights reach the
   device by `update device`, and `acc_deviceptr` and `present` name the same copy. */
#include <openacc.h>
#include <stdio.h>

extern double weights[4];
#pragma acc routine seq
double weigh(int i);

int main(void) {
    double x[100];
    for (int k = 0; k < 4; k++)
        weights[k] = k + 1;
#pragma acc update device(weights)
#pragma acc parallel loop copyout(x) present(weights)
    for (int i = 0; i < 100; i++)
        x[i] = weigh(i);
    int errors = acc_deviceptr(weights) == NULL || !acc_is_present(weights, sizeof weights);
    for (int i = 0; i < 100; i++)
        if (x[i] != (i % 4 + 1) * (double)i + 0.25)
            errors++;
    printf("%s: %d errors\n", errors ? "FAIL" : "ok", errors);
    return errors != 0;
}
