/* Function-local `static const` tables in device routines: a coefficient array, a 2-D table, a
 * table of structs and a scalar constant, each a private copy initialised on entry in device
 * code (they can never change). The routines are compiled for the device; the results are
 * checked against the same computation on the host. accc-all-offloaded */
#include <stdio.h>

#define N 300

typedef struct {
    int lo, hi;
    double weight;
} band;

#pragma acc routine seq
static double horner(double x)
{
    static const double coef[] = {1.0, -0.5, 0.25, -0.125, 0.0625};
    static const int degree = 4;
    double y = coef[degree];
    for (int k = degree - 1; k >= 0; k--)
        y = y * x + coef[k];
    return y;
}

#pragma acc routine seq
static int classify(int v)
{
    static const band bands[3] = {{0, 99, 0.5}, {100, 199, 1.5}, {200, 1000, 4.0}};
    static const int offsets[2][3] = {{1, 2, 3}, {10, 20, 30}};
    for (int b = 0; b < 3; b++)
        if (v >= bands[b].lo && v <= bands[b].hi)
            return offsets[v & 1][b] + (int)(bands[b].weight * 2);
    return -1;
}

int main(void)
{
    static double y[N];
    static int c[N];
#pragma acc parallel loop copyout(y, c)
    for (int i = 0; i < N; i++) {
        y[i] = horner(i / 100.0);
        c[i] = classify(i);
    }
    int errors = 0;
    double sum = 0;
    long csum = 0;
    for (int i = 0; i < N; i++) {
        double x = i / 100.0;
        double want = ((((0.0625 * x) - 0.125) * x + 0.25) * x - 0.5) * x + 1.0;
        const int offsets[2][3] = {{1, 2, 3}, {10, 20, 30}};
        int b = i < 100 ? 0 : i < 200 ? 1 : 2;
        int want_c = offsets[i & 1][b] + (b == 0 ? 1 : b == 1 ? 3 : 8);
        if (y[i] != want || c[i] != want_c) {
            if (errors < 10)
                printf("%d: %.17g/%.17g %d/%d\n", i, y[i], want, c[i], want_c);
            errors++;
        }
        sum += y[i];
        csum += c[i];
    }
    printf("sum %.10f, classes %ld\n", sum, csum);
    return errors != 0;
}
