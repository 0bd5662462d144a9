/* C helper functions called from compute regions run as the kernel object's own copies
 * (inlined by LLVM) when they name no static variable: a static routine, an external
 * function calling a static one, a recursive one, one reading an external global; a helper
 * naming a static variable is reached through the host compiler's version. Each result is
 * checked against the same calls made on the host. accc-cores: 1 3 */
#include <stdio.h>
#include <stdlib.h>

static double factor = 3.0;
#pragma acc declare copyin(factor)
double bias = 0.25;
#pragma acc declare copyin(bias)

static double clamp0(double x) { return x < 0.0 ? 0.0 : x; }
double axpb(double a, double x, double b) { return clamp0(a * x + b) + bias; }
static double scaled(double x) { return factor * x; }
#pragma acc routine seq
static double poly(double x) { return (x * 0.5 + 1.0) * x - 2.0; }
static long fib(int k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }

int main(void)
{
    int n = 100000, errors = 0;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    long *f = malloc(n * sizeof *f);
    if (!x || !y || !f)
        return 2;
    for (int i = 0; i < n; i++)
        x[i] = (i % 200) * 0.01 - 1.0;
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n], f[0:n])
    for (int i = 0; i < n; i++) {
        y[i] = axpb(2.0, poly(x[i]), 1.0) + scaled(x[i]);
        f[i] = fib(i % 20);
    }
    for (int i = 0; i < n; i++) {
        if (y[i] != axpb(2.0, poly(x[i]), 1.0) + scaled(x[i]))
            errors++;
        if (f[i] != fib(i % 20))
            errors++;
    }
    printf("kernel_helpers: %d errors\n", errors);
    free(x);
    free(y);
    free(f);
    return errors != 0;
}
