/* Monte Carlo estimate of pi with a counter-based integer hash per sample (no
 * shared generator state), so the hit count is exact and order-free. */
#include <stdint.h>
#include <stdio.h>

#pragma acc routine seq
static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

int main(void)
{
    int n = 1 << 22;
    long hits = 0;
#pragma acc parallel loop reduction(+:hits)
    for (int i = 0; i < n; i++) {
        uint32_t a = hash32(2u * (uint32_t)i), b = hash32(2u * (uint32_t)i + 1u);
        uint64_t x = a >> 16, y = b >> 16; /* 16-bit coordinates: exact integer test */
        if (x * x + y * y < 65536ull * 65536ull)
            hits++;
    }
    long ref = 0;
    for (int i = 0; i < n; i++) {
        uint32_t a = hash32(2u * (uint32_t)i), b = hash32(2u * (uint32_t)i + 1u);
        uint64_t x = a >> 16, y = b >> 16;
        if (x * x + y * y < 65536ull * 65536ull)
            ref++;
    }
    double pi = 4.0 * (double)hits / n;
    int errors = hits != ref || pi < 3.13 || pi > 3.15;
    printf("monte_carlo_lcg: hits = %ld, pi ~ %.4f, errors = %d\n", hits, pi, errors);
    return errors;
}
