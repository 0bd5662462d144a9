/* Casts to typedef names followed by '-', '+', '*' or '&' inside longer expressions: without
 * knowing which names are types, '(T)-i * 2' reads as '(T) - (i * 2)' and '(T)-1 + (T)-i' as
 * '((T) - 1 + (T)) - i'. C casts the unary expression and the cast binds tighter than every
 * binary operator; the region computes what the host computes and is offloaded (real_t code:
 * '(real_t)-x[i] / 2'). accc-all-offloaded */
#include <math.h>
#include <stdio.h>

#define N 64

typedef long T;
typedef double real_t;
typedef int U;

static long a[N], a_ref[N];
static double b[N], b_ref[N], x[N];
static int c[N], c_ref[N];

#define CHAIN_A(i) ((T)-1 + (T)-(i) * 2 - (T)-(U)-(i) + ((T)+(i) << 1) % 7)
#define CHAIN_B(i, p) ((real_t)-x[i] / 2 + 1.0 - (real_t)*(p) * 0.25 + (real_t)-(i) * (real_t)+(i))
#define CHAIN_C(i) (((U)-(i) < -3 && (U)+(i) > 1) || (U)-(i) * 3 + 1 == -5)

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = 0.5 * i - 7.0;
    for (int i = 0; i < N; i++) {
        const double *p = &x[N - 1 - i];
        a_ref[i] = CHAIN_A(i);
        b_ref[i] = CHAIN_B(i, p);
        c_ref[i] = CHAIN_C(i);
    }
#pragma acc parallel loop copyin(x) copyout(a, b, c)
    for (int i = 0; i < N; i++) {
        const double *p = &x[N - 1 - i];
        a[i] = CHAIN_A(i);
        b[i] = CHAIN_B(i, p);
        c[i] = CHAIN_C(i);
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        if (a[i] != a_ref[i] || fabs(b[i] - b_ref[i]) > 1e-12 * (1.0 + fabs(b_ref[i])) || c[i] != c_ref[i]) {
            if (bad++ < 5)
                printf("i = %d: %ld %g %d, want %ld %g %d\n", i, a[i], b[i], c[i], a_ref[i],
                       b_ref[i], c_ref[i]);
        }
    }
    printf("typedef_cast_chains: a[5] = %ld, b[5] = %g, c[5] = %d, %d errors\n", a[5], b[5],
           c[5], bad);
    return bad != 0;
}
