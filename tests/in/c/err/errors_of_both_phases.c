// A directive error and a default(none) violation elsewhere: one compile reports both. The
// data construct keeps its valid clauses, so the region inside it gets no follow-on error.
void f(int n, double *a, double *b)
{
#pragma acc parallel loop copyin(a[0:n]) bogus(3)
    for (int i = 0; i < n; i++) b[i] = a[i];
#pragma acc parallel loop default(none) copyin(a[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];
#pragma acc data copyin(a[0:n]) copyout(b[0:n]) nonsense
    {
#pragma acc parallel loop default(none) present(a[0:n], b[0:n]) firstprivate(n)
        for (int i = 0; i < n; i++) b[i] = 2 * a[i];
    }
}

// A malformed clause on a default(none) construct: only the syntax error (the dropped clause's
// variables would otherwise look unmapped).
void g(int n, double *a, double *b)
{
#pragma acc parallel loop default(none) copyin(a[0:) copyout(b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];
}
