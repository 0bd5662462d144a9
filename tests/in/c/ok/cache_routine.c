/* cache inside loops, and routine in both forms with every clause. */
#pragma acc routine seq
static inline float square(float x) { return x * x; }

float cube(float x);
#pragma acc routine(cube) seq bind(cube_device)

#pragma acc routine vector nohost
void vec_add(int n, float *a);

#pragma acc routine worker bind("w_impl")
void workers(int n, float *a);

#pragma acc routine gang(dim: 1) device_type(nvidia) bind(gang_nv) device_type(radeon) worker
void gangs(int n, float *a);

#pragma acc routine
double plain(double);

void cached(int n, float *a, float *b)
{
#pragma acc parallel loop copyin(b[0:n]) copy(a[0:n])
    for (int i = 1; i < n - 1; i++) {
#pragma acc cache(b[i - 1:3])
        a[i] = square(b[i - 1] + b[i] + b[i + 1]);
    }
#pragma acc parallel loop copyin(b[0:n]) copy(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc cache(readonly: b[i:1], a[i:1])
        for (int j = 0; j < 2; j++) a[i] += cube(b[i]);
    }
}
