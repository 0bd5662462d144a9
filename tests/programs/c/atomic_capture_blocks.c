/* atomic capture, structured-block forms: {v = x; x binop= e;}, {x binop= e; v = x;},
 * {v = x; x++;}, {++x; v = x;}, {v = x; x = x binop e;} and the swap {v = x; x = e;}. */
#include <stdio.h>
#include <string.h>

#define N 800

static int check_perm(const int *t, int n, int lo)
{
    static char seen[N];
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
    static int t1[N], t2[N], t3[N], t4[N], t5[N], old[N];
    int c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, slot = -1;

#pragma acc parallel loop copy(c1, c2, c3, c4, c5, slot) \
    copyout(t1[0:n], t2[0:n], t3[0:n], t4[0:n], t5[0:n], old[0:n])
    for (int i = 0; i < n; i++) {
        int v;
#pragma acc atomic capture
        {
            v = c1;
            c1 += 1;
        }
        t1[i] = v;
#pragma acc atomic capture
        {
            c2 += 1;
            v = c2;
        }
        t2[i] = v;
#pragma acc atomic capture
        {
            v = c3;
            c3++;
        }
        t3[i] = v;
#pragma acc atomic capture
        {
            ++c4;
            v = c4;
        }
        t4[i] = v;
#pragma acc atomic capture
        {
            v = c5;
            c5 = c5 + 1;
        }
        t5[i] = v;
        /* swap: every iteration leaves its own index and takes what was there */
#pragma acc atomic capture
        {
            v = slot;
            slot = i;
        }
        old[i] = v;
    }

    errors += check_perm(t1, n, 0);
    errors += check_perm(t2, n, 1);
    errors += check_perm(t3, n, 0);
    errors += check_perm(t4, n, 1);
    errors += check_perm(t5, n, 0);
    /* the swapped-out values plus the final slot are exactly {-1, 0, ..., n-1} */
    static char seen[N + 1];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i <= n; i++) {
        int v = i < n ? old[i] : slot;
        if (v < -1 || v >= n || seen[v + 1])
            errors++;
        else
            seen[v + 1] = 1;
    }
    if (c1 != n || c2 != n || c3 != n || c4 != n || c5 != n)
        errors++;
    printf("atomic_capture_blocks: %d %d %d %d %d errors = %d\n", c1, c2, c3, c4, c5, errors);
    return errors != 0;
}
