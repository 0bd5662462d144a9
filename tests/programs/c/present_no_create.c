/* present and no_create: present for data mapped by an enclosing region or by
 * enter data; no_create for data that is used when present and otherwise left
 * alone (the region only touches it when it is known to be present). */
#include <stdio.h>

#define N 1000

static void scale(double *v, int n, double f)
{
#pragma acc parallel loop present(v[0:n])
    for (int i = 0; i < n; i++)
        v[i] *= f;
}

/* optional output: written only when 'have_log' says it was mapped */
static void step(double *v, double *log, int n, int have_log)
{
#pragma acc parallel loop present(v[0:n]) no_create(log[0:n])
    for (int i = 0; i < n; i++) {
        v[i] += 1.0;
        if (have_log)
            log[i] = v[i];
    }
}

int main(void)
{
    static double v[N], log1[N], log2[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++) {
        v[i] = i;
        log1[i] = log2[i] = -1.0;
    }

#pragma acc data copy(v[0:n]) copyout(log1[0:n])
    {
        scale(v, n, 2.0);
        step(v, log1, n, 1); /* log1 present: written on the device, copied out */
        step(v, log2, n, 0); /* log2 not present: no_create creates nothing */
    }
#pragma acc enter data copyin(v[0:n])
    scale(v, n, 0.5);
#pragma acc exit data copyout(v[0:n])

    long s = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] != (2.0 * i + 2.0) * 0.5 || log1[i] != 2.0 * i + 1.0 || log2[i] != -1.0)
            errors++;
        s += (long)v[i] + (long)log1[i];
    }
    printf("present_no_create: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
