/* Sections through pointer members of structs that no clause maps themselves: the struct
 * (or the struct a pointer points to) is implicitly copied and the member attached after it;
 * a struct an enclosing construct maps is only attached; update of a member section. */
typedef struct { int n; double *v; } vec;
typedef struct { int id; vec in; } outer;
void member_sections(vec b, outer a, vec *p, vec c)
{
#pragma acc parallel loop copy(b.v[0:b.n])
    for (int i = 0; i < b.n; i++) b.v[i] *= 2;
#pragma acc kernels copyin(a.in.v[0:a.in.n])
    { a.id = (int)a.in.v[0]; }
#pragma acc parallel loop present(p->v[0:p->n])
    for (int i = 0; i < p->n; i++) p->v[i] += 1;
#pragma acc data copyin(c)
    {
#pragma acc parallel loop copy(c.v[0:c.n])
        for (int i = 0; i < c.n; i++) c.v[i] = i;
    }
#pragma acc data copy(b.v[0:b.n])
    {
#pragma acc update device(b.v[0:b.n])
#pragma acc parallel loop default(present)
        for (int i = 0; i < b.n; i++) b.v[i] -= 1;
    }
#pragma acc data copy(p->v[0:p->n])
    {
#pragma acc parallel loop
        for (int i = 0; i < p->n; i++) p->v[i] *= 3;
    }
}
