/* File-scope and function-scope `static` variables in compute regions: `declare`d ones (create,
 * copyin), ones mapped by an enclosing data construct, a static pointer's target, and a static
 * scalar written by a kernel and read back with `update self`. */
#include <stdio.h>

#define N 200

static double table[N];
static int scale = 3;
#pragma acc declare create(scale)
static const double lut[4] = {1.0, 2.0, 3.0, 4.0};
#pragma acc declare copyin(lut)
static long total;
#pragma acc declare create(total)
static double buffer[N];
static double *view;

static int counted(void)
{
    static int calls[N];
#pragma acc declare create(calls)
#pragma acc parallel loop present(calls)
    for (int i = 0; i < N; i++)
        calls[i] = i % 7;
#pragma acc update self(calls)
    int s = 0;
    for (int i = 0; i < N; i++)
        s += calls[i];
    return s;
}

int main(void)
{
    int errors = 0;
    for (int i = 0; i < N; i++) {
        table[i] = i;
        buffer[i] = 2.0 * i;
    }
#pragma acc update device(scale)
#pragma acc parallel loop copy(table)
    for (int i = 0; i < N; i++)
        table[i] = table[i] * scale + lut[i % 4];

    total = 0;
#pragma acc update device(total)
#pragma acc parallel loop reduction(+:total) copyin(table)
    for (int i = 0; i < N; i++)
        total += (long)table[i];
    /* `total` is both declared and a reduction variable of the construct above; this kernel
     * reads the declared copy. */
    long seen = -1;
#pragma acc serial copyout(seen)
    seen = total;
#pragma acc update self(total)

    view = buffer;
#pragma acc data copy(buffer)
    {
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            buffer[i] += 1.0;
#pragma acc parallel loop present(view[0:N])
        for (int i = 0; i < N; i++)
            view[i] *= 2.0;
    }

    long want = 0;
    for (int i = 0; i < N; i++) {
        double t = i * 3.0 + (i % 4 + 1);
        if (table[i] != t)
            errors++;
        want += (long)t;
        if (buffer[i] != (2.0 * i + 1.0) * 2.0)
            errors++;
    }
    if (total != want)
        errors++;
    int calls = counted();
    int want_calls = 0;
    for (int i = 0; i < N; i++)
        want_calls += i % 7;
    if (calls != want_calls)
        errors++;
    printf("static_globals: total = %ld, seen = %s, calls = %d, errors = %d\n", total,
           seen == total ? "same" : "different", calls, errors);
    return errors != 0;
}
