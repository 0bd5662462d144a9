/* A member of a struct value that is not an object: the result of a call (`mk(x).r`, the
 * complex helpers of RSBench: `(c_mul(a, b)).r`), in a routine and in the region itself. */
#include <stdio.h>

typedef struct {
    double r, i;
} complex_t;

static complex_t mk(double a)
{
    complex_t c = {a, -a};
    return c;
}

static complex_t c_mul(complex_t a, complex_t b)
{
    complex_t c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
    return c;
}

#pragma acc routine seq
static double real_part(double x)
{
    return mk(x).r + (c_mul(mk(x), mk(2.0))).i;
}

int main(void)
{
    double out[100], total = 0;
#pragma acc parallel loop copyout(out)
    for (int k = 0; k < 100; k++)
        out[k] = real_part(k) + c_mul(mk(k), mk(1.0)).r;
    for (int k = 0; k < 100; k++)
        total += out[k];
    printf("struct_value_member: %g\n", total);
    return 0;
}
