/* Routines taking and returning a struct and a double complex value: the struct argument is the
 * address of the caller's element (copied by the callee), the struct result is written through
 * the caller's slot, the complex value travels as two doubles and returns as { double, double }
 * (codegen/src/lower/call.rs, Abi). Before, the kernel was left to the host. */
#include <complex.h>

typedef struct {
    double x, y, z;
} vec3;

#pragma acc routine seq
static vec3 axpy(double a, vec3 x, vec3 y)
{
    vec3 r = {a * x.x + y.x, a * x.y + y.y, a * x.z + y.z};
    return r;
}

#pragma acc routine seq
static double complex cube(double complex z)
{
    return z * z * z;
}

void update(int n, vec3 *restrict p, const vec3 *restrict v, double complex *restrict c)
{
#pragma acc parallel loop copy(p[0:n], c[0:n]) copyin(v[0:n])
    for (int i = 0; i < n; i++) {
        p[i] = axpy(0.5, v[i], p[i]);
        c[i] = cube(c[i]);
    }
}
