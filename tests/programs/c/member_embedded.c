/* Clauses that map members of a struct's own storage (`copy(s.a[0:n])`, `copy(o.in.w[0:n])`)
 * while the region also uses members no clause maps (OpenACC 3.3 §2.6.2, §2.7.2): each such
 * member gets an implicit copy of its own (`s.scale`, `s.n`; `o.in` when only a member of it is
 * mapped), and a struct the region uses through a pointer member or whole is copied whole, before
 * the clauses for its members, which then find them present inside it. Before, the kernel read
 * the unmapped members at the device address of the mapped member's copy, shifted by the
 * member's offset: garbage on a GPU (host and multicore share memory and never showed it). */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

typedef struct {
    double scale;
    double a[N];
    int n;
} scaled;

typedef struct {
    double w[5][4];
    double *v;
    int n;
} grid;

typedef struct {
    double bias;
    double w[N];
} inner;

typedef struct {
    int id;
    inner in;
} outer;

static scaled s;

int main(void)
{
    int errors = 0;

    /* 1. a member section beside scalar members used in the region: parallel and kernels */
    s.n = N;
    s.scale = 3.0;
    for (int i = 0; i < N; i++)
        s.a[i] = i;
#pragma acc parallel loop copy(s.a[0:N])
    for (int i = 0; i < s.n; i++)
        s.a[i] = s.a[i] * s.scale;
#pragma acc kernels copy(s.a[0:N])
    for (int i = 0; i < s.n; i++)
        s.a[i] += s.scale;
    for (int i = 0; i < N; i++)
        if (s.a[i] != 3.0 * i + 3.0)
            errors++;
    printf("1: %d wrong\n", errors);

    /* 2. the section mapped by an enclosing data construct, the scalars by the compute one */
    int before = errors;
#pragma acc data copy(s.a[0:N])
    {
#pragma acc parallel loop
        for (int i = 0; i < s.n; i++)
            s.a[i] = i * s.scale;
    }
    for (int i = 0; i < N; i++)
        if (s.a[i] != 3.0 * i)
            errors++;
    printf("2: %d wrong\n", errors - before);

    /* 3. a section of an embedded 2-D array and one of a pointer member: g copied whole first */
    before = errors;
    grid g;
    int n = 100, m = 10;
    g.n = n;
    g.v = malloc(n * sizeof(double));
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++)
            g.w[i][j] = i * 10 + j;
    for (int i = 0; i < n; i++)
        g.v[i] = i;
    double sum = 0, want = 0;
#pragma acc parallel loop copyin(g.w[2:3][0:4], g.v[m:n - m]) reduction(+:sum)
    for (int i = m; i < g.n; i++)
        sum += g.v[i] * g.w[2 + i % 3][i % 4];
    for (int i = m; i < n; i++)
        want += g.v[i] * g.w[2 + i % 3][i % 4];
    if (sum != want)
        errors++;
#pragma acc parallel loop copy(g.w[0:5][0:4]) copyin(g.v[0:n])
    for (int i = 0; i < 20; i++)
        g.w[i / 4][i % 4] += g.v[i] + g.n;
    for (int i = 0; i < 20; i++)
        if (g.w[i / 4][i % 4] != (i / 4) * 10 + i % 4 + i + n)
            errors++;
    printf("3: %d wrong\n", errors - before);

    /* 4. a section of a member of a member: the rest of o.in and o.id are copied too */
    before = errors;
    outer o;
    o.id = 7;
    o.in.bias = 0.5;
    for (int i = 0; i < N; i++)
        o.in.w[i] = i;
#pragma acc parallel loop copy(o.in.w[0:N])
    for (int i = 0; i < N; i++)
        o.in.w[i] = o.in.w[i] * o.id + o.in.bias;
    for (int i = 0; i < N; i++)
        if (o.in.w[i] != 7.0 * i + 0.5)
            errors++;
    printf("4: %d wrong\n", errors - before);

    free(g.v);
    printf("%s\n", errors ? "FAILED" : "ok");
    return errors != 0;
}
