/* Routines of another file taking and returning structs by value: on GPUs they are functions
 * of the one device module the link builds, called with the device convention (structs by
 * address, a struct result through the caller's slot). */
#include "vec.h"

vec3 vsub(vec3 a, vec3 b)
{
    vec3 r = {a.x - b.x, a.y - b.y, a.z - b.z};
    return r;
}

double inside(sphere s, vec3 p)
{
    vec3 d = vsub(p, s.centre);
    return s.radius * s.radius - (d.x * d.x + d.y * d.y + d.z * d.z);
}
