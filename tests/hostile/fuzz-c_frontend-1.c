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

int main(voiding-box reductions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct particle {
    double x, y, vx, vy;

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
            p[i].boun`es++;
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
        p[i].vx = ((i % 11) - 5) *àÏÑÊÄõßá      p[i].vy = ((i % 13) - 6) * 0.25;
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
    e-9 || fabs(p[i].y - r[i].y) > 1e-9 || p[i].bounces != r[i].bounces)
            errors++;
        rke += 0.5 * (r[i].vx * r[i].vx + r[i].vy * r   if (fabs(ke - rke) > 1e-9 * rke || bounces != rb)
        errors++;
    printf("particles_aos: bounces = %ld, errors = %d\n", bounces, errors);
    free(p);
    free(r);
    return errors != 0;
}
