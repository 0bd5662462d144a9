/* routine directive, named form routine(name), and bind() to another device
 * routine (by identifier and by string). gcc 12 does not implement bind, so it
 * gets the plain routine; both functions compute the same values. */
#include <stdio.h>

static double horner(double x);
#pragma acc routine(horner) seq

static double horner(double x)
{
    return ((2.0 * x + 3.0) * x + 5.0) * x + 7.0;
}

#pragma acc routine seq
double cube_device(double x)
{
    return x * x * x;
}

#pragma acc routine seq
double square_device(double x)
{
    return x * x;
}

#if _OPENACC > 201711
#pragma acc routine seq bind(cube_device)
#else
#pragma acc routine seq
#endif
static double cube(double x)
{
    return x * x * x;
}

static double square(double x);
#if _OPENACC > 201711
#pragma acc routine(square) seq bind("square_device")
#else
#pragma acc routine(square) seq
#endif
static double square(double x)
{
    return x * x;
}

int main(void)
{
    enum { N = 500 };
    static double out[N];
    int n = N, errors = 0;
#pragma acc parallel loop copyout(out[0:n])
    for (int i = 0; i < n; i++) {
        double x = (i % 20) - 10;
        out[i] = horner(x) + cube(x) + square(x);
    }
    long s = 0;
    for (int i = 0; i < n; i++) {
        double x = (i % 20) - 10;
        if (out[i] != ((2.0 * x + 3.0) * x + 5.0) * x + 7.0 + x * x * x + x * x)
            errors++;
        s += (long)out[i];
    }
    printf("routine_named_bind: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
