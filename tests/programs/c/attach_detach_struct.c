/* attach and detach: a struct holding a pointer is put on the device, its data
 * separately, and the device copy of the pointer is attached to the device data
 * (explicitly with attach, and implicitly by a member subarray); detach before
 * the data leaves. */
#include <stdio.h>
#include <stdlib.h>

struct vec {
    int n;
    double *v;
};

int main(void)
{
    int n = 1500, errors = 0;
    struct vec s;
    s.n = n;
    s.v = malloc(n * sizeof *s.v);
    double *data = s.v;
    for (int i = 0; i < n; i++)
        data[i] = i;

    /* the struct first, then the array it points to; attach the member */
#pragma acc enter data copyin(s)
#pragma acc enter data copyin(data[0:n])
#pragma acc enter data attach(s.v)
#pragma acc parallel loop present(s)
    for (int i = 0; i < s.n; i++)
        s.v[i] = 2.0 * s.v[i] + 1.0;
#pragma acc exit data detach(s.v)
#pragma acc exit data copyout(data[0:n])
#pragma acc exit data delete(s)

    /* attach/detach clauses on a data construct and a compute construct */
    struct vec t = {n, malloc(n * sizeof(double))};
    double *tdata = t.v;
#pragma acc data copyin(t) copy(tdata[0:n])
    {
#pragma acc data attach(t.v)
        {
#pragma acc parallel loop present(t)
            for (int i = 0; i < t.n; i++)
                t.v[i] = 3.0 * i;
        }
#pragma acc parallel loop attach(t.v) /* t itself is present from the data region */
        for (int i = 0; i < t.n; i++)
            t.v[i] += 1.0;
    }
    if (tdata != t.v) /* the host pointer is never changed by attach/detach */
        errors++;

    /* a member subarray of a present struct attaches implicitly (and detaches on exit) */
    struct vec u = {n, malloc(n * sizeof(double))};
    for (int i = 0; i < n; i++)
        u.v[i] = 1.0;
#pragma acc enter data copyin(u)
#pragma acc enter data copyin(u.v[0:u.n])
#pragma acc parallel loop present(u)
    for (int i = 0; i < u.n; i++)
        u.v[i] += i;
#pragma acc exit data copyout(u.v[0:u.n])
#pragma acc exit data delete(u)

    long sum = 0;
    for (int i = 0; i < n; i++) {
        if (s.v[i] != 2.0 * i + 1.0 || t.v[i] != 3.0 * i + 1.0 || u.v[i] != 1.0 + i)
            errors++;
        sum += (long)s.v[i] + (long)t.v[i] + (long)u.v[i];
    }
    printf("attach_detach_struct: sum = %ld, errors = %d\n", sum, errors);
    free(s.v);
    free(t.v);
    free(u.v);
    return errors != 0;
}
