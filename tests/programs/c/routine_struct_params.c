/* Routines taking and returning structs and unions by value, compiled for the device: a vec3
 * passed and returned (add, scale), a nested struct (a particle holding two vec3s), a struct
 * holding an array, a union, a routine calling another with struct arguments, and a callee
 * writing its parameter (the caller's value must not change: arguments are copies). Each result
 * is checked against the same computation done on the host. accc-all-offloaded */
#include <stdio.h>

#define N 200

typedef struct {
    double x, y, z;
} vec3;

typedef struct {
    vec3 pos, vel;
    int id;
} particle;

typedef struct {
    int len;
    float w[8];
} stencil;

typedef union {
    double d;
    long long bits;
} word;

#pragma acc routine seq
static vec3 add(vec3 a, vec3 b)
{
    vec3 r = {a.x + b.x, a.y + b.y, a.z + b.z};
    return r;
}

#pragma acc routine seq
static vec3 scale(vec3 v, double f)
{
    v.x *= f; /* writes the parameter: the caller's copy stays as it was */
    v.y *= f;
    v.z *= f;
    return v;
}

#pragma acc routine seq
static double dot(vec3 a, vec3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* A routine calling routines with struct arguments and results. */
#pragma acc routine seq
static particle step(particle p, double dt)
{
    p.pos = add(p.pos, scale(p.vel, dt));
    p.id += 1;
    return p;
}

#pragma acc routine seq
static double apply(stencil s, const float *v)
{
    double sum = 0;
    for (int k = 0; k < s.len; k++)
        sum += s.w[k] * v[k];
    s.w[0] = -1; /* the caller's stencil is unchanged */
    return sum;
}

#pragma acc routine seq
static word flip(word w)
{
    word r;
    r.bits = w.bits ^ (1LL << 63); /* the sign of the double */
    return r;
}

static int errors;

static void check(const char *what, int i, double got, double want)
{
    if (got != want) {
        if (errors < 10)
            printf("%s[%d]: got %.17g, want %.17g\n", what, i, got, want);
        errors++;
    }
}

int main(void)
{
    static particle ps[N], ref[N];
    static double energy[N], conv[N], flipped[N];
    static float signal[N + 8];
    stencil st = {5, {0.5f, 0.25f, 0.125f, 0.0625f, 0.03125f, 9, 9, 9}};
    for (int i = 0; i < N; i++) {
        ps[i].pos = (vec3){i, 2.0 * i, -i};
        ps[i].vel = (vec3){1.0 / (i + 1), 0.5, i % 7};
        ps[i].id = i;
        ref[i] = ps[i];
    }
    for (int i = 0; i < N + 8; i++)
        signal[i] = (float)(i % 11) - 3.0f;

#pragma acc parallel loop copy(ps) copyout(energy, conv, flipped) copyin(signal, st)
    for (int i = 0; i < N; i++) {
        particle p = step(ps[i], 0.25);
        p = step(p, 0.5);
        ps[i] = p;
        energy[i] = 0.5 * dot(p.vel, p.vel) + dot(scale(p.pos, 2.0), p.vel);
        conv[i] = apply(st, &signal[i]);
        word w = {.d = energy[i]};
        word r = flip(w);
        flipped[i] = r.d;
    }

    for (int i = 0; i < N; i++) {
        for (int s = 0; s < 2; s++) {
            double dt = s == 0 ? 0.25 : 0.5;
            ref[i].pos.x = ref[i].pos.x + ref[i].vel.x * dt;
            ref[i].pos.y = ref[i].pos.y + ref[i].vel.y * dt;
            ref[i].pos.z = ref[i].pos.z + ref[i].vel.z * dt;
            ref[i].id++;
        }
        vec3 p = ref[i].pos, v = ref[i].vel;
        double e = 0.5 * (v.x * v.x + v.y * v.y + v.z * v.z) +
                   (2.0 * p.x * v.x + 2.0 * p.y * v.y + 2.0 * p.z * v.z);
        double c = 0;
        for (int k = 0; k < 5; k++)
            c += st.w[k] * signal[i + k];
        check("pos.x", i, ps[i].pos.x, ref[i].pos.x);
        check("pos.y", i, ps[i].pos.y, ref[i].pos.y);
        check("pos.z", i, ps[i].pos.z, ref[i].pos.z);
        check("vel.z", i, ps[i].vel.z, ref[i].vel.z);
        check("id", i, ps[i].id, ref[i].id);
        check("energy", i, energy[i], e);
        check("conv", i, conv[i], c);
        check("flipped", i, flipped[i], -e);
    }
    if (st.w[0] != 0.5f)
        errors++;
    double total = 0;
    for (int i = 0; i < N; i++)
        total += ps[i].pos.x + ps[i].pos.y + ps[i].pos.z + energy[i] + conv[i];
    printf("total %.6f, ids %d..%d\n", total, ps[0].id, ps[N - 1].id);
    if (errors)
        printf("%d errors\n", errors);
    return errors != 0;
}
