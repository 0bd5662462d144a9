/* particle updates on an array of structs: gravity and a floor bounce, many
 * steps inside one data region, then kinetic-energy and bounding-box reductions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct particle {
    double x, y, vx, vy;
    int bounces;
};

static void step_ref(struct particle *p, int n, double dt)
{
    for (int i = 0; i < n; i++) {
        p[i].vy -= 9.81 * dt;
        p[i].x += p[i].vx * dt;
        p[i].y += p[i].vy * dt;
        if (p[i].y < 0.0) {
            p[i].y = -p[i].y;
            p[i].vy = -0.9 * p[i].vy;
            p[i].bounces++;
        }
    }
}

int main(void)
{
    int n = 20000, steps = 200, errors = 0;
    double dt = 0.01;
    struct particle *p = malloc(n * sizeof *p), *r = malloc(n * sizeof *r);
    for (int i = 0; i < n; i++) {
        p[i].x = i % 100;
        p[i].y = 1.0 + (i % 37) * 0.25;
        p[i].vx = ((i % 11) - 5) * 0.5;
        p[i].vy = ((i % 13) - 6) * 0.25;
        p[i].bounces = 0;
        r[i] = p[i];
    }

#pragma acc data copy(p[0:n])
    for (int s = 0; s < steps; s++) {
#pragma acc parallel loop present(p[0:n])
        for (int i = 0; i < n; i++) {
            p[i].vy -= 9.81 * dt;
            p[i].x += p[i].vx * dt;
            p[i].y += p[i].vy * dt;
            if (p[i].y < 0.0) {
                p[i].y = -p[i].y;
                p[i].vy = -0.9 * p[i].vy;
                p[i].bounces++;
            }
        }
    }

    double ke = 0.0, xmax = -1e30, ymax = -1e30;
    long bounces = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:ke, bounces) reduction(max:xmax, ymax)
    for (int i = 0; i < n; i++) {
        ke += 0.5 * (p[i].vx * p[i].vx + p[i].vy * p[i].vy);
        bounces += p[i].bounces;
        xmax = fmax(xmax, p[i].x);
        ymax = fmax(ymax, p[i].y);
    }

    for (int s = 0; s < steps; s++)
        step_ref(r, n, dt);
    double rke = 0.0;
    long rb = 0;
    for (int i = 0; i < n; i++) {
        /* same operations in the same order per particle: bitwise equal
         * (unless the device contracts to FMA: allow a tiny difference) */
        if (fabs(p[i].x - r[i].x) > 1e-9 || fabs(p[i].y - r[i].y) > 1e-9 || p[i].bounces != r[i].bounces)
            errors++;
        rke += 0.5 * (r[i].vx * r[i].vx + r[i].vy * r[i].vy);
        rb += r[i].bounces;
    }
    if (fabs(ke - rke) > 1e-9 * rke || bounces != rb)
        errors++;
    printf("particles_aos: bounces = %ld, errors = %d\n", bounces, errors);
    free(p);
    free(r);
    return errors != 0;
}
