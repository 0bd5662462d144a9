/* directives written with the _Pragma operator and produced by macros: clause
 * arguments from object-like macros, a function-like macro that stringises a
 * whole directive, and a macro that expands to a directive plus its loop. */
#include <stdio.h>

#define LEN 2048
#define NG 16
#define ACC(x) _Pragma(#x)
#define PARALLEL_LOOP(clauses) ACC(acc parallel loop clauses)
#define SCALE_ALL(arr, n, f)                                                                       \
    ACC(acc parallel loop present(arr[0:n]))                                                       \
    for (int i_ = 0; i_ < (n); i_++)                                                               \
        (arr)[i_] *= (f);

int main(void)
{
    static int a[LEN];
    int n = LEN, errors = 0;
    long s = 0;

    _Pragma("acc parallel loop copyout(a[0:LEN]) num_gangs(NG)")
    for (int i = 0; i < n; i++)
        a[i] = i % 9;

#pragma acc data copy(a[0:LEN])
    {
        SCALE_ALL(a, LEN, 3)
        ACC(acc parallel loop present(a[0:LEN]) reduction(+:s))
        for (int i = 0; i < n; i++)
            s += a[i];
    }

    PARALLEL_LOOP(copy(a[0:LEN]) vector_length(32))
    for (int i = 0; i < n; i++)
        a[i] += 1;

    long want = 0;
    for (int i = 0; i < n; i++) {
        want += 3 * (i % 9);
        if (a[i] != 3 * (i % 9) + 1)
            errors++;
    }
    if (s != want)
        errors++;
    printf("pragma_operator_macros: sum = %ld, errors = %d\n", s, errors);
    return errors != 0;
}
