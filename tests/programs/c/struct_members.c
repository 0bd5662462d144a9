/* struct members in data clauses: s.v[0:n] with the struct itself on the same
 * construct, p->x[0:n] through a pointer to a struct, a struct with an array
 * member, and member expressions in bounds. */
#include <stdio.h>
#include <stdlib.h>

struct vec {
    int n;
    double *v;
};

struct particles {
    int n;
    double *x, *vx;
};

struct stats {
    long count[4];
    double scale;
};

int main(void)
{
    int n = 1000, errors = 0;
    struct vec s = {n, malloc(n * sizeof(double))};
    for (int i = 0; i < n; i++)
        s.v[i] = i;

#pragma acc data copyin(s) copy(s.v[0:s.n])
    {
#pragma acc parallel loop present(s)
        for (int i = 0; i < s.n; i++)
            s.v[i] = s.v[i] * 3.0;
    }

    struct particles *p = malloc(sizeof *p);
    p->n = n;
    p->x = malloc(n * sizeof(double));
    p->vx = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++) {
        p->x[i] = i;
        p->vx[i] = 0.5;
    }
#pragma acc enter data copyin(p[0:1])
#pragma acc enter data copyin(p->x[0:p->n], p->vx[0:p->n])
    for (int step = 0; step < 4; step++) {
#pragma acc parallel loop present(p[0:1])
        for (int i = 0; i < p->n; i++)
            p->x[i] += p->vx[i];
    }
#pragma acc exit data copyout(p->x[0:p->n]) delete(p->vx[0:p->n])
#pragma acc exit data delete(p[0:1])

    struct stats st = {{0, 0, 0, 0}, 2.0};
#pragma acc parallel loop copy(st)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        st.count[i % 4] += (long)st.scale;
    }

    long sum = 0;
    for (int i = 0; i < n; i++) {
        if (s.v[i] != 3.0 * i || p->x[i] != i + 2.0)
            errors++;
        sum += (long)s.v[i] + (long)p->x[i];
    }
    for (int k = 0; k < 4; k++)
        if (st.count[k] != 2L * (n / 4))
            errors++;
    printf("struct_members: sum = %ld, count = %ld, errors = %d\n", sum, st.count[3], errors);
    free(s.v);
    free(p->x);
    free(p->vx);
    free(p);
    return errors != 0;
}
