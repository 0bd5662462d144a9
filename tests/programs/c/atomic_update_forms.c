/* atomic update in every statement form: x++, ++x, x--, --x, x binop= e for
 * every binop, x = x binop e and x = e binop x, on int, unsigned, long long,
 * float and double; every final value is independent of the order. */
#include <stdio.h>

#define N 1024

int main(void)
{
    int n = N, errors = 0;
    int inc = 0, pinc = 0, dec = 0, pdec = 0, sum = 0, sum2 = 0, sum3 = 0, sub = 0;
    unsigned mask_and = 0xffffffffu, mask_or = 0, mask_xor = 0, mul = 1;
    unsigned long long shl = 1, shr = 1ULL << 62, divd = 1ULL << 40, mul2 = 1, mul3 = 1;
    long long rsub = 5; /* x = e - x, n times */
    float fsum = 0.0f;
    double dsum = 0.0, dmul = 1.0;

#pragma acc parallel loop copy(inc, pinc, dec, pdec, sum, sum2, sum3, sub, mask_and, mask_or, \
                               mask_xor, mul, shl, shr, divd, mul2, mul3, rsub, fsum, dsum, dmul)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        inc++;
#pragma acc atomic update
        ++pinc;
#pragma acc atomic
        dec--;
#pragma acc atomic
        --pdec;
#pragma acc atomic update
        sum += i;
#pragma acc atomic update
        sum2 = sum2 + i;
#pragma acc atomic update
        sum3 = i + sum3;
#pragma acc atomic update
        sub -= 2;
#pragma acc atomic update
        mask_and &= ~(1u << (i % 16));
#pragma acc atomic update
        mask_or |= 1u << (i % 16);
#pragma acc atomic update
        mask_xor ^= (unsigned)i;
        if (i % 128 == 0) {
#pragma acc atomic update
            mul *= 3u;
        }
        if (i < 20) {
#pragma acc atomic update
            shl <<= 1;
#pragma acc atomic update
            shr >>= 2;
#pragma acc atomic update
            divd /= 2;
#pragma acc atomic update
            mul2 = mul2 * 2;
#pragma acc atomic update
            mul3 = 3 * mul3;
        }
#pragma acc atomic update
        rsub = 5 - rsub;
#pragma acc atomic update
        fsum += 1.0f;
#pragma acc atomic update
        dsum = dsum + (double)i;
        if (i % 256 == 0) {
#pragma acc atomic update
            dmul = dmul * 2.0;
        }
    }

    unsigned want_xor = 0;
    for (int i = 0; i < n; i++)
        want_xor ^= (unsigned)i;
    int want_sum = n * (n - 1) / 2;
    if (inc != n || pinc != n || dec != -n || pdec != -n)
        errors += 1;
    if (sum != want_sum || sum2 != want_sum || sum3 != want_sum || sub != -2 * n)
        errors += 2;
    if (mask_and != 0xffff0000u || mask_or != 0xffffu || mask_xor != want_xor || mul != 6561u)
        errors += 4;
    if (shl != (1ULL << 20) || shr != (1ULL << 22) || divd != (1ULL << 20) || mul2 != (1ULL << 20) ||
        mul3 != 3486784401ULL)
        errors += 8;
    if (rsub != 5 || fsum != (float)n || dsum != (double)want_sum || dmul != 16.0)
        errors += 16;
    printf("atomic_update_forms: %d %d %d %d %d %u %u %llu %lld errors = %d\n", inc, dec, sum, sub,
           sum3, mask_xor, mul, mul3, rsub, errors);
    return errors != 0;
}
