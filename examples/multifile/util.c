/* util.c: the routines declared in util.h, compiled for the host and the device. */
#include "util.h"

#pragma acc routine seq
double smoothstep(double edge0, double edge1, double x)
{
    double t = (x - edge0) / (edge1 - edge0);
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return t * t * (3.0 - 2.0 * t);
}

#pragma acc routine seq
int digit_sum(long v)
{
    int s = 0;
    if (v < 0)
        v = -v;
    while (v > 0) {
        s += (int)(v % 10);
        v /= 10;
    }
    return s;
}
