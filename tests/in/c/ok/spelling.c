/* Macros inside pragmas, _Pragma, brace-less bodies, comments and continuation lines. */
#define LEN 256
#define ACC(x) _Pragma(#x)
#define ALL(v) v[0:LEN]
void spelling(float *a, float *b, int c)
{
#pragma acc parallel loop copyin(ALL(b)) copyout(a[0:LEN]) vector_length(LEN / 2)
    for (int i = 0; i < LEN; i++) a[i] = b[i];
    ACC(acc parallel loop present(a[0:LEN]))
    for (int i = 0; i < LEN; i++) a[i] *= 2;
    if (c)
#pragma acc parallel loop copy(a[0:LEN])
        for (int i = 0; i < LEN; i++) a[i] += 1;
    else
#pragma acc kernels copy(b[0:LEN])
        b[0] = 1;
#pragma acc parallel \
    copy(a[0:LEN]) \
    async(1)
    {
        a[0] = 0; /* a comment */
    }
#pragma acc wait /* trailing comment */ (1)
    switch (c) {
    case 1:
#pragma acc update device(a[0:LEN])
        break;
    default:
        break;
    }
}
