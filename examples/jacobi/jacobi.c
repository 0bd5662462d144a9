/* 2-D Laplace equation by Jacobi iteration.
 * The boundary holds u(x, y) = x * y, which is harmonic, and its discrete
 * 5-point Laplacian is exactly zero too, so the iteration must converge to
 * x * y everywhere. Both grids stay on the device for the whole solve (one data
 * region); each sweep computes the largest change with a max reduction.
 * Build: accc -fopenacc -O2 jacobi.c -o jacobi -lm */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 96

int main(void)
{
    const int n = N, max_iter = 50000;
    const double tol = 1e-7, h = 1.0 / (N - 1);
    double *u = malloc(n * n * sizeof *u), *unew = malloc(n * n * sizeof *unew);
    if (!u || !unew)
        return 2;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
            u[i * n + j] = unew[i * n + j] = boundary ? (i * h) * (j * h) : 0.0;
        }

    int iter = 0;
    double change = 1.0;
#pragma acc data copy(u[0:n * n]) copyin(unew[0:n * n])
    while (change > tol && iter < max_iter) {
        change = 0.0;
#pragma acc parallel loop collapse(2) present(u[0:n * n], unew[0:n * n]) reduction(max:change)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                double v = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
                change = fmax(change, fabs(v - u[i * n + j]));
                unew[i * n + j] = v;
            }
#pragma acc parallel loop collapse(2) present(u[0:n * n], unew[0:n * n])
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                u[i * n + j] = unew[i * n + j];
        iter++;
    }

    double err = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            err = fmax(err, fabs(u[i * n + j] - (i * h) * (j * h)));
    /* Jacobi's error is about change / (1 - spectral radius) ~ change * n^2 / pi^2 */
    int ok = iter < max_iter && err < 1e-3;
    printf("jacobi: %dx%d grid, converged in %d iterations, max error %s 1e-3: %s\n", n, n, iter,
           err < 1e-3 ? "<" : ">=", ok ? "ok" : "FAILED");
    free(u);
    free(unew);
    return !ok;
}
