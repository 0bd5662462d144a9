/* A kernel's object defines the C functions of its file it reaches, with internal linkage, so
 * LLVM can inline them into the loop: `poly` (static, a routine), `axpb` (external, implicit),
 * and `clampf`, which `axpb` calls. `scaled` names a static variable, which the kernel object
 * cannot link to: the kernel calls the host compiler's version through its alias. */
static float factor = 3.0f;
float bias = 1.0f;

static float clampf(float x) { return x < 0.0f ? 0.0f : x; }
float axpb(float a, float x, float b) { return clampf(a * x + b + bias); }
static float scaled(float x) { return factor * x; }
#pragma acc routine seq
static float poly(float x) { return (x * 0.5f + 1.0f) * x - 2.0f; }

void helpers(int n, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = axpb(2.0f, poly(x[i]), 1.0f) + scaled(x[i]);
}
