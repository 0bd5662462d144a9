/* reductions on _Bool: && || (all / any), and, since _Bool is an integer type,
 * & | ^ (^ gives the parity) and + * max min. */
#include <stdbool.h>
#include <stdio.h>

#define N 3001

int main(void)
{
    static int v[N];
    int n = N, errors = 0;
    for (int i = 0; i < n; i++)
        v[i] = (i * 17) % 101;

    _Bool all_small = 1, all_pos = 1, any_zero = 0, any_big = 0;
    _Bool band = 1, bor = 0, bxor = 0;
    _Bool bsum = 0, bprod = 1, bmax = 0, bmin = 1;
#pragma acc parallel loop copyin(v) reduction(&&:all_small, all_pos) reduction(||:any_zero, any_big) \
    reduction(&:band) reduction(|:bor) reduction(^:bxor) \
    reduction(+:bsum) reduction(*:bprod) reduction(max:bmax) reduction(min:bmin)
    for (int i = 0; i < n; i++) {
        all_small = all_small && v[i] < 101;
        all_pos = all_pos && v[i] > 0;
        any_zero = any_zero || v[i] == 0;
        any_big = any_big || v[i] > 100;
        band &= (_Bool)(v[i] != 50);
        bor |= (_Bool)(v[i] == 77);
        bxor ^= (_Bool)(v[i] % 2);
        bsum += (_Bool)(v[i] == 3);  /* on _Bool, + acts as "any" */
        if (v[i] >= 200) /* and * as "all" (x * 0 == 0) */
            bprod = 0;
        if ((_Bool)(v[i] > 99) > bmax)
            bmax = 1;
        if ((_Bool)(v[i] > 0) < bmin)
            bmin = 0;
    }

    bool r_xor = false;
    int odd = 0;
    for (int i = 0; i < n; i++) {
        odd += v[i] % 2;
        r_xor ^= (bool)(v[i] % 2);
    }
    if (all_small != 1 || all_pos != 0 || any_zero != 1 || any_big != 0 || band != 0 || bor != 1 ||
        bxor != (odd % 2) || bxor != r_xor || bsum != 1 || bprod != 1 || bmax != 1 || bmin != 0)
        errors++;
    printf("reduction_bool: %d %d %d %d %d %d %d %d %d %d %d, errors = %d\n", all_small, all_pos, any_zero,
           any_big, band, bor, bxor, bsum, bprod, bmax, bmin, errors);
    return errors != 0;
}
