/* Sections through pointer members of a struct the data clauses do not map themselves
 * (OpenACC 3.3 §2.6.2, §2.7.2): `copy(b.v[0:n])` maps what b.v points to and attaches b.v,
 * so b itself, used by the region, is implicitly copied (present-or-copy), and the device copy
 * of b points to the device copy of the section while the kernel runs; on exit the member is
 * detached before b's copyout, so the host struct keeps its host pointer. The same for a
 * struct in a struct (a.in.v[0:n]) and for a pointer to a struct (p->v[0:n]: the struct p
 * points to is copied, and the kernel gets its device address), with the struct already
 * present (enclosing data, enter data: then it is only attached), sections mapped by an
 * enclosing data construct, update of a member section, and sections reached through a
 * pointer member of the struct (h.p->v[0:n]: the struct h.p points to is copied as well) or
 * through an element of an array of structs a pointer points to (q[1].v[0:n]: q[1:1] too),
 * and chains of such pointers (hp->p->v[0:n], t.h->p->v[0:n]). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int n;
    double *v;
} vec;

typedef struct {
    int id;
    vec in;
    double scale;
} outer;

static int check(const char *what, const double *v, int n, double (*want)(int), int *errors)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (v[i] != want(i))
            bad++;
    if (bad)
        printf("%s: %d wrong\n", what, bad);
    *errors += bad;
    return bad;
}

static double twice(int i) { return 2.0 * i; }
static double twice_plus_one(int i) { return 2.0 * i + 1; }
static double thrice(int i) { return 3.0 * i; }
static double plus_five(int i) { return i + 5.0; }

int main(void)
{
    int n = 1000, errors = 0;
    long sum = 0;
    vec b;
    b.n = n;
    b.v = malloc(n * sizeof(double));
    double *host_v = b.v;

    /* 1. b in no data clause: parallel and kernels */
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc parallel loop copy(b.v[0:b.n])
    for (int i = 0; i < b.n; i++)
        b.v[i] *= 2;
    if (b.v != host_v)
        errors++, printf("1: host pointer changed\n");
    check("1 parallel", b.v, n, twice, &errors);
#pragma acc kernels copy(b.v[0:b.n])
    for (int i = 0; i < b.n; i++)
        b.v[i] += 1;
    check("1 kernels", b.v, n, twice_plus_one, &errors);

    /* 2. b present from an enclosing data construct: attached there and then */
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc data copyin(b)
    {
#pragma acc parallel loop copy(b.v[0:b.n])
        for (int i = 0; i < b.n; i++)
            b.v[i] *= 3;
    }
    if (b.v != host_v)
        errors++, printf("2: host pointer changed\n");
    check("2", b.v, n, thrice, &errors);

    /* 3. b present from enter data */
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc enter data copyin(b)
#pragma acc parallel loop copy(b.v[0:b.n])
    for (int i = 0; i < b.n; i++)
        b.v[i] = b.v[i] * 2 + 1;
#pragma acc exit data delete(b)
    if (b.v != host_v)
        errors++, printf("3: host pointer changed\n");
    check("3", b.v, n, twice_plus_one, &errors);

    /* 4. the section mapped by an enclosing data construct, b by neither construct; the
     * section's data is updated in between */
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc data copy(b.v[0:b.n])
    {
#pragma acc parallel loop
        for (int i = 0; i < b.n; i++)
            b.v[i] *= 2;
#pragma acc update self(b.v[0:b.n])
        check("4 update self", b.v, n, twice, &errors);
        for (int i = 0; i < n; i++)
            b.v[i] = i;
#pragma acc update device(b.v[0:b.n])
#pragma acc parallel loop
        for (int i = 0; i < b.n; i++)
            b.v[i] += 5;
    }
    if (b.v != host_v)
        errors++, printf("4: host pointer changed\n");
    check("4", b.v, n, plus_five, &errors);

    /* 5. a struct in a struct: a.in.v[0:n] */
    outer a;
    a.id = 7;
    a.scale = 2.0;
    a.in.n = n;
    a.in.v = malloc(n * sizeof(double));
    double *host_w = a.in.v;
    for (int i = 0; i < n; i++)
        a.in.v[i] = i;
#pragma acc parallel loop copy(a.in.v[0:a.in.n])
    for (int i = 0; i < a.in.n; i++)
        a.in.v[i] = a.in.v[i] * a.scale + (a.id - 7);
    if (a.in.v != host_w)
        errors++, printf("5: host pointer changed\n");
    check("5", a.in.v, n, twice, &errors);

    /* 6. a pointer to a struct: the struct it points to is implicitly copied */
    vec *p = &b;
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc parallel loop copy(p->v[0:p->n])
    for (int i = 0; i < p->n; i++)
        p->v[i] *= 3;
    if (b.v != host_v)
        errors++, printf("6: host pointer changed\n");
    check("6", b.v, n, thrice, &errors);
#pragma acc kernels loop copy(p->v[0:p->n])
    for (int i = 0; i < p->n; i++)
        p->v[i] = i + 5.0;
    check("6 kernels", b.v, n, plus_five, &errors);

    /* 7. the struct p points to present from an enclosing data construct */
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc data copyin(p[0:1])
    {
#pragma acc parallel loop copy(p->v[0:p->n])
        for (int i = 0; i < p->n; i++)
            p->v[i] *= 2;
    }
    if (b.v != host_v)
        errors++, printf("7: host pointer changed\n");
    check("7", b.v, n, twice, &errors);

    /* 8. through a pointer member of the struct (a.p->v[0:n]): the struct a.p points to is
     * implicitly copied too (a.p[0:1]), a.p is attached in a's copy and a.p->v in its copy */
    typedef struct {
        int id;
        vec *p;
    } holder;
    holder h;
    h.id = 3;
    h.p = &b;
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc parallel loop copy(h.p->v[0:n])
    for (int i = 0; i < n; i++)
        h.p->v[i] *= h.id;
    if (b.v != host_v || h.p != &b)
        errors++, printf("8: host pointer changed\n");
    check("8", b.v, n, thrice, &errors);

    /* 9. an element of an array of structs through a pointer (q[1].v[0:n]): q[1:1] is
     * implicitly copied, and the kernel's q translated through it; the region writes a member
     * of q[1] and of *p, which must come back (the structs are copied, not copied in) */
    vec *q = malloc(3 * sizeof(vec));
    for (int k = 0; k < 3; k++) {
        q[k].n = n;
        q[k].v = malloc(n * sizeof(double));
        for (int i = 0; i < n; i++)
            q[k].v[i] = i;
    }
#pragma acc parallel loop copy(q[1].v[0:n])
    for (int i = 0; i < n; i++) {
        q[1].v[i] *= 2;
        if (i == 0)
            q[1].n = n + 1;
    }
    check("9", q[1].v, n, twice, &errors);
    if (q[1].n != n + 1 || q[0].n != n)
        errors++, printf("9: q[1].n = %d, q[0].n = %d\n", q[1].n, q[0].n);
#pragma acc parallel loop copy(p->v[0:n])
    for (int i = 0; i < n; i++)
        if (i == 0)
            p->n = n + 2;
    if (b.n != n + 2)
        errors++, printf("9: b.n = %d\n", b.n);
    b.n = n;
    for (int k = 0; k < 3; k++)
        free(q[k].v);
    free(q);

    /* 10. chains of pointers: hp->p->v[0:n] (hp->p[0:1] and hp[0:1] copied) and
     * t.h->p->v[0:n] (t, t.h[0:1] and t.h->p[0:1]), each pointer attached in its holder's copy */
    typedef struct {
        holder *h;
        int k;
    } top;
    holder *hp = &h;
    top t;
    t.h = &h;
    t.k = 3;
    for (int i = 0; i < n; i++)
        b.v[i] = i;
#pragma acc parallel loop copy(hp->p->v[0:n])
    for (int i = 0; i < n; i++)
        hp->p->v[i] *= hp->id - 1;
    check("10 hp->p->v", b.v, n, twice, &errors);
#pragma acc parallel loop copy(t.h->p->v[0:n])
    for (int i = 0; i < n; i++)
        t.h->p->v[i] += t.k * (t.h->p->n - n + 1) + 2 - i;
    check("10 t.h->p->v", b.v, n, plus_five, &errors);
    if (b.v != host_v || h.p != &b || t.h != &h)
        errors++, printf("10: host pointer changed\n");

    for (int i = 0; i < n; i++)
        sum += (long)b.v[i] + (long)a.in.v[i];
    printf("member_section_unmapped: sum = %ld, errors = %d\n", sum, errors);
    free(b.v);
    free(a.in.v);
    return errors != 0;
}
