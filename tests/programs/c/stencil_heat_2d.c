/* 2-D heat equation, explicit 5-point stencil with two buffers inside one data
 * region. The grid starts as a linear field (a steady state), plus a bump whose
 * total heat is conserved in the interior away from the boundary. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 256
#define NY 256

int main(void)
{
    int nx = NX, ny = NY, steps = 50, errors = 0;
    double *u = malloc(nx * ny * sizeof *u), *un = malloc(nx * ny * sizeof *un);
    double *ref = malloc(nx * ny * sizeof *ref), *rn = malloc(nx * ny * sizeof *rn);
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            double v = (i > 120 && i < 136 && j > 120 && j < 136) ? 64.0 : 0.0;
            u[i * ny + j] = un[i * ny + j] = ref[i * ny + j] = rn[i * ny + j] = v;
        }
    const double k = 0.125;

#pragma acc data copy(u[0:nx * ny]) create(un[0:nx * ny])
    {
#pragma acc parallel loop present(u[0:nx * ny], un[0:nx * ny])
        for (int i = 0; i < nx * ny; i++)
            un[i] = u[i];
        for (int t = 0; t < steps; t++) {
#pragma acc parallel loop collapse(2) present(u[0:nx * ny], un[0:nx * ny])
            for (int i = 1; i < nx - 1; i++)
                for (int j = 1; j < ny - 1; j++)
                    un[i * ny + j] = u[i * ny + j] + k * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] +
                                                          u[i * ny + j - 1] + u[i * ny + j + 1] -
                                                          4.0 * u[i * ny + j]);
            double *tmp = u;
            u = un;
            un = tmp;
        }
    }
    /* steps is even: the result is back in the buffer u pointed to at first */

    for (int t = 0; t < steps; t++) {
        for (int i = 1; i < nx - 1; i++)
            for (int j = 1; j < ny - 1; j++)
                rn[i * ny + j] = ref[i * ny + j] + k * (ref[(i - 1) * ny + j] + ref[(i + 1) * ny + j] +
                                                        ref[i * ny + j - 1] + ref[i * ny + j + 1] -
                                                        4.0 * ref[i * ny + j]);
        double *tmp = ref;
        ref = rn;
        rn = tmp;
    }
    double heat = 0.0, maxdiff = 0.0;
    for (int i = 0; i < nx * ny; i++) {
        heat += u[i];
        double d = fabs(u[i] - ref[i]);
        if (d > maxdiff)
            maxdiff = d;
    }
    if (maxdiff > 1e-12 || fabs(heat - 15.0 * 15.0 * 64.0) > 1e-6)
        errors++;
    printf("stencil_heat_2d: heat = %.3f, center = %.4f, errors = %d\n", heat, u[128 * ny + 128], errors);
    free(u);
    free(un);
    free(ref);
    free(rn);
    return errors != 0;
}
