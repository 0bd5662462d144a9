/* atomic capture, single-statement forms: v = x++, v = ++x, v = x--, v = --x,
 * v = x binop= e, v = x = x binop e, v = x = e binop x. Captured counters hand
 * out tickets; each ticket must be seen exactly once. */
#include <stdio.h>
#include <string.h>

#define N 1000

static int check_perm(const int *t, int n, int lo)
{
    static char seen[4 * N];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        int k = t[i] - lo;
        if (k < 0 || k >= n || seen[k])
            return 1;
        seen[k] = 1;
    }
    return 0;
}

int main(void)
{
    int n = N, errors = 0;
    static int t1[N], t2[N], t3[N], t4[N], t5[N], t6[N], t7[N], t8[N];
    int c1 = 0, c2 = 0, c3 = n, c4 = n, c5 = 0, c6 = 0, c7 = 0, c8 = 0;

#pragma acc parallel loop copy(c1, c2, c3, c4, c5, c6, c7, c8) \
    copyout(t1[0:n], t2[0:n], t3[0:n], t4[0:n], t5[0:n], t6[0:n], t7[0:n], t8[0:n])
    for (int i = 0; i < n; i++) {
        int v;
#pragma acc atomic capture
        v = c1++;
        t1[i] = v;
#pragma acc atomic capture
        v = ++c2;
        t2[i] = v;
#pragma acc atomic capture
        v = c3--;
        t3[i] = v;
#pragma acc atomic capture
        v = --c4;
        t4[i] = v;
#pragma acc atomic capture
        v = c5 += 3;
        t5[i] = v / 3;
#pragma acc atomic capture
        v = c6 = c6 + 1;
        t6[i] = v;
#pragma acc atomic capture
        v = c7 = 2 + c7;
        t7[i] = v / 2;
#pragma acc atomic capture
        v = c8 -= 1;
        t8[i] = -v;
    }

    errors += check_perm(t1, n, 0);   /* 0 .. n-1 */
    errors += check_perm(t2, n, 1);   /* 1 .. n   */
    errors += check_perm(t3, n, 1);   /* n .. 1   */
    errors += check_perm(t4, n, 0);   /* n-1 .. 0 */
    errors += check_perm(t5, n, 1);
    errors += check_perm(t6, n, 1);
    errors += check_perm(t7, n, 1);
    errors += check_perm(t8, n, 1);
    if (c1 != n || c2 != n || c3 != 0 || c4 != 0 || c5 != 3 * n || c6 != n || c7 != 2 * n || c8 != -n)
        errors++;
    printf("atomic_capture_forms: %d %d %d %d %d %d %d %d errors = %d\n", c1, c2, c3, c4, c5, c6,
           c7, c8, errors);
    return errors != 0;
}
