/* util.h: device-callable helpers (defined in util.c). The routine directive on
 * the declaration tells every file that calls them that a device version exists. */
#ifndef UTIL_H
#define UTIL_H

#pragma acc routine seq
double smoothstep(double edge0, double edge1, double x);

#pragma acc routine seq
int digit_sum(long v);

#endif
