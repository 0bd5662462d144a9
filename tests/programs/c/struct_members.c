/* Array members of one struct variable mapped separately (OpenACC 3.3 §2.7.2): each member
 * section is its own device allocation, so a kernel using s.a[i] and s.b[i] must reach each
 * through its own device copy (by an enclosing data construct, by the compute construct's
 * clauses, by enter data and present), and through the struct's copy when the struct is present whole. */
#include <stdio.h>

#define N 100

struct pair {
    int n;
    double a[N];
    double b[N];
    int w[N / 2];
};

int main(void)
{
    struct pair s, t; /* t keeps a result */
    int errors = 0, n = 60;
    s.n = N;
    for (int i = 0; i < N; i++) {
        s.a[i] = i;
        s.b[i] = 0;
    }
    for (int i = 0; i < N / 2; i++)
        s.w[i] = 3;

    /* members mapped by an enclosing data construct */
#pragma acc data copyin(s.a[0:n], s.w) copy(s.b[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            s.b[i] = 2 * s.a[i] + s.w[i % (N / 2)];
    }
    /* members mapped by the compute construct itself */
#pragma acc parallel loop copyin(s.a[10:n - 10]) copy(s.b[10:n - 10])
    for (int i = 10; i < n; i++)
        s.b[i] += s.a[i];
    /* members mapped by enter data, named present by the construct (without a clause the
     * struct would be implicitly copied, and it is partly present: an error) */
#pragma acc enter data copyin(s.a[0:N]) create(s.b[0:N])
#pragma acc parallel loop present(s.a[0:N], s.b[0:N])
    for (int i = 0; i < N; i++)
        s.b[i] = -s.a[i];
#pragma acc exit data copyout(s.b[0:N]) delete(s.a[0:N])
    for (int i = 0; i < N; i++)
        if (s.b[i] != -i)
            errors++;

    /* the struct present whole: the members other clauses map on their own reach their
     * places in its copy, s.n (named by no clause) is reached through the struct's */
    for (int i = 0; i < N; i++)
        s.b[i] = 0;
#pragma acc data copy(s)
    {
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            s.b[i] = s.a[i] + s.n;
    }
    for (int i = 0; i < N; i++) {
        t.b[i] = s.b[i];
        if (s.b[i] != i + N)
            errors++;
    }

    /* once more with the enclosing construct's member sections, then checked */
    for (int i = 0; i < N; i++)
        s.b[i] = 0;
#pragma acc data copyin(s.a[0:n], s.w) copy(s.b[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            s.b[i] = 2 * s.a[i] + s.w[i % (N / 2)];
    }
#pragma acc parallel loop copyin(s.a[10:n - 10]) copy(s.b[10:n - 10])
    for (int i = 10; i < n; i++)
        s.b[i] += s.a[i];
    long sum = 0;
    for (int i = 0; i < N; i++) {
        double want = i < 10 ? 2.0 * i + 3 : i < n ? 3.0 * i + 3 : 0.0;
        if (s.b[i] != want)
            errors++;
        sum += (long)s.b[i] + (long)t.b[i];
    }
    printf("struct_members: sum = %ld, errors = %d\n", sum, errors);
    return errors != 0;
}
