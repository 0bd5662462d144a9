#include <stdio.h>
#include "vec.h"

int main(void)
{
    enum { N = 1000 };
    static vec3 pts[N];
    static double depth[N];
    sphere s = {{0.5, 0.25, 0.0}, 0.75};
    for (int i = 0; i < N; i++)
        pts[i] = (vec3){(i % 10) * 0.1, (i / 10 % 10) * 0.1, (i / 100) * 0.1};
#pragma acc parallel loop copyin(pts) copyout(depth)
    for (int i = 0; i < N; i++)
        depth[i] = inside(s, pts[i]);
    int in = 0, errors = 0;
    for (int i = 0; i < N; i++) {
        double dx = pts[i].x - 0.5, dy = pts[i].y - 0.25, dz = pts[i].z;
        double want = 0.75 * 0.75 - (dx * dx + dy * dy + dz * dz);
        errors += depth[i] != want;
        in += depth[i] > 0;
    }
    printf("%d points inside, %d errors\n", in, errors);
    return errors != 0;
}
