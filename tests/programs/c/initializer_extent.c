/* An array declared without a size takes it from its initializer list (C11 6.7.9p22), so a
 * region can map it whole: `const int bw[] = {...}` at file scope and in a function (a lecture
 * course's FDTD code), a designated initializer (`[5] = 1`: six elements), and an array
 * declared inside the region. */
#include <stdio.h>

static const int offsets[] = {3, 4};
static double weights[] = {[5] = 1.0, [1] = 0.5};

int main(void)
{
    const int bw[] = {offsets[0], offsets[1], 7};
    double x[100], total = 0;
#pragma acc parallel loop copyout(x)
    for (int i = 0; i < 100; i++) {
        const double local[] = {0.25, 0.75};
        x[i] = i * offsets[0] + offsets[1] + bw[i % 3] + weights[i % 6] + local[i % 2];
    }
    for (int i = 0; i < 100; i++)
        total += x[i];
    printf("initializer_extent: %zu %zu %g\n", sizeof weights / sizeof weights[0],
           sizeof bw / sizeof bw[0], total);
    return 0;
}
