typedef struct {
    double x, y, z;
} vec3;

typedef struct {
    vec3 centre;
    double radius;
} sphere;

#pragma acc routine seq
vec3 vsub(vec3 a, vec3 b);
#pragma acc routine seq
double inside(sphere s, vec3 p);
