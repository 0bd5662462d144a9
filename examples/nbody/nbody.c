/* O(n^2) gravitational n-body: each body's acceleration is a reduction over all
 * others (gang over bodies, vector reduction over partners), a leapfrog step
 * moves the bodies, and the total potential energy is a reduction over pairs.
 * Results are checked against a serial computation with a relative tolerance;
 * the printed values are rounded far above the rounding noise of the sums.
 * Build: accc -fopenacc -O2 nbody.c -o nbody -lm */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct body {
    double x, y, z, vx, vy, vz, m;
};

static void accel_ref(const struct body *b, int n, double eps2, double *ax, double *ay, double *az)
{
    for (int i = 0; i < n; i++) {
        double sx = 0.0, sy = 0.0, sz = 0.0;
        for (int j = 0; j < n; j++) {
            double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
            double r2 = dx * dx + dy * dy + dz * dz + eps2;
            double inv = b[j].m / (r2 * sqrt(r2));
            sx += dx * inv;
            sy += dy * inv;
            sz += dz * inv;
        }
        ax[i] = sx;
        ay[i] = sy;
        az[i] = sz;
    }
}

int main(void)
{
    const int n = 1500, steps = 4;
    const double dt = 1e-3, eps2 = 1e-4;
    struct body *b = malloc(n * sizeof *b), *r = malloc(n * sizeof *r);
    double *ax = malloc(n * sizeof *ax), *ay = malloc(n * sizeof *ay), *az = malloc(n * sizeof *az);
    double *rx = malloc(n * sizeof *rx), *ry = malloc(n * sizeof *ry), *rz = malloc(n * sizeof *rz);
    if (!b || !r || !ax || !ay || !az || !rx || !ry || !rz)
        return 2;
    unsigned s = 42u;
    for (int i = 0; i < n; i++) {
        double c[6];
        for (int k = 0; k < 6; k++) {
            s = s * 1664525u + 1013904223u;
            c[k] = (double)(s >> 8) / (double)(1u << 24) - 0.5;
        }
        b[i] = (struct body){c[0], c[1], c[2], 0.1 * c[3], 0.1 * c[4], 0.1 * c[5], 1.0 / n};
        r[i] = b[i];
    }

#pragma acc data copy(b[0:n]) create(ax[0:n], ay[0:n], az[0:n])
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop gang present(b[0:n], ax[0:n], ay[0:n], az[0:n])
        for (int i = 0; i < n; i++) {
            double sx = 0.0, sy = 0.0, sz = 0.0;
            double xi = b[i].x, yi = b[i].y, zi = b[i].z;
#pragma acc loop vector reduction(+:sx, sy, sz)
            for (int j = 0; j < n; j++) {
                double dx = b[j].x - xi, dy = b[j].y - yi, dz = b[j].z - zi;
                double r2 = dx * dx + dy * dy + dz * dz + eps2;
                double inv = b[j].m / (r2 * sqrt(r2));
                sx += dx * inv;
                sy += dy * inv;
                sz += dz * inv;
            }
            ax[i] = sx;
            ay[i] = sy;
            az[i] = sz;
        }
#pragma acc parallel loop present(b[0:n], ax[0:n], ay[0:n], az[0:n])
        for (int i = 0; i < n; i++) {
            b[i].vx += dt * ax[i];
            b[i].vy += dt * ay[i];
            b[i].vz += dt * az[i];
            b[i].x += dt * b[i].vx;
            b[i].y += dt * b[i].vy;
            b[i].z += dt * b[i].vz;
        }
    }

    double pot = 0.0;
#pragma acc parallel loop gang copyin(b[0:n]) reduction(+:pot)
    for (int i = 0; i < n; i++)
#pragma acc loop vector reduction(+:pot)
        for (int j = i + 1; j < n; j++) {
            double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
            pot -= b[i].m * b[j].m / sqrt(dx * dx + dy * dy + dz * dz + eps2);
        }

    for (int t = 0; t < steps; t++) {
        accel_ref(r, n, eps2, rx, ry, rz);
        for (int i = 0; i < n; i++) {
            r[i].vx += dt * rx[i];
            r[i].vy += dt * ry[i];
            r[i].vz += dt * rz[i];
            r[i].x += dt * r[i].vx;
            r[i].y += dt * r[i].vy;
            r[i].z += dt * r[i].vz;
        }
    }
    double rpot = 0.0, maxdev = 0.0, px = 0.0;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            double dx = r[j].x - r[i].x, dy = r[j].y - r[i].y, dz = r[j].z - r[i].z;
            rpot -= r[i].m * r[j].m / sqrt(dx * dx + dy * dy + dz * dz + eps2);
        }
        maxdev = fmax(maxdev, fabs(b[i].x - r[i].x) + fabs(b[i].y - r[i].y) + fabs(b[i].z - r[i].z));
        px += b[i].m * b[i].vx;
    }
    int ok = maxdev < 1e-10 && fabs(pot - rpot) < 1e-10 * fabs(rpot);
    printf("nbody: %d bodies, %d steps: potential energy %.6f, momentum x %.6f: %s\n", n, steps, pot,
           px + 0.0, ok ? "ok" : "FAILED");
    free(b);
    free(r);
    free(ax);
    free(ay);
    free(az);
    free(rx);
    free(ry);
    free(rz);
    return !ok;
}
