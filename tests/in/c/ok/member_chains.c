typedef struct { int n; double *v; } vec;
typedef struct { int id; vec *p; double w[8]; } holder;
typedef struct { double scale; double a[16]; } scaled;

void chains(holder a, vec *p, scaled s, int n, int i) {
#pragma acc parallel loop copy(a.p->v[0:n]) copyin(p[i].v[0:n])
    for (int k = 0; k < n; k++)
        a.p->v[k] += p[i].v[k] * a.id;
#pragma acc parallel loop copy(p[i:1], p[i].v[0:n])
    for (int k = 0; k < n; k++)
        p[i].v[k] = p[i].n;
#pragma acc parallel loop copy(s.a[0:16])
    for (int k = 0; k < 16; k++)
        s.a[k] *= s.scale;
#pragma acc parallel loop copy(a.w[0:8]) copyin(a.p->v[0:8])
    for (int k = 0; k < 8; k++)
        a.w[k] += a.p->v[k];
}
