/* reductions on arrays (OpenACC 3.3): reduction(+:hist[0:16]) on a subarray,
 * reduction on a whole array, max over a subarray that starts at 2, and an array
 * reduction across a parallel region's gang loop. gcc 12 crashes on array
 * reductions, so it builds the atomic version of the same histograms. */
#include <stdio.h>

#define N 100000
#define B 16

int main(void)
{
    static int key[N];
    int n = N, errors = 0;
    long hist[B], ref[B];
    int cnt[8], rcnt[8];
    int mx[6], rmx[6];
    for (int i = 0; i < n; i++)
        key[i] = (int)(((unsigned)i * 2654435761u) >> 7);
    for (int b = 0; b < B; b++)
        hist[b] = ref[b] = 0;
    for (int b = 0; b < 8; b++)
        cnt[b] = rcnt[b] = 0;
    for (int b = 0; b < 6; b++)
        mx[b] = rmx[b] = -1;

#if _OPENACC > 201711
#pragma acc parallel loop copyin(key) reduction(+:hist[0:B]) reduction(+:cnt)
    for (int i = 0; i < n; i++) {
        hist[key[i] % B] += 1;
        cnt[key[i] % 8] += 2;
    }
#pragma acc parallel loop copyin(key) reduction(max:mx[2:4])
    for (int i = 0; i < n; i++) {
        int b = 2 + key[i] % 4;
        int v = key[i] % 1000;
        if (v > mx[b])
            mx[b] = v;
    }
    long tot[2] = {0, 0};
#pragma acc parallel copyin(key) reduction(+:tot)
    {
#pragma acc loop gang vector reduction(+:tot)
        for (int i = 0; i < n; i++)
            tot[i % 2] += key[i] % 3;
    }
#else
#pragma acc parallel loop copyin(key) copy(hist[0:B], cnt)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        hist[key[i] % B] += 1;
#pragma acc atomic update
        cnt[key[i] % 8] += 2;
    }
#pragma acc serial loop copyin(key) copy(mx[2:4])
    for (int i = 0; i < n; i++) {
        int b = 2 + key[i] % 4;
        int v = key[i] % 1000;
        if (v > mx[b])
            mx[b] = v;
    }
    long tot[2] = {0, 0};
#pragma acc parallel loop copyin(key) copy(tot)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        tot[i % 2] += key[i] % 3;
    }
#endif

    long rtot[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        ref[key[i] % B] += 1;
        rcnt[key[i] % 8] += 2;
        int b = 2 + key[i] % 4, v = key[i] % 1000;
        if (v > rmx[b])
            rmx[b] = v;
        rtot[i % 2] += key[i] % 3;
    }
    long check = 0;
    for (int b = 0; b < B; b++) {
        errors += hist[b] != ref[b];
        check = check * 3 + hist[b];
    }
    for (int b = 0; b < 8; b++)
        errors += cnt[b] != rcnt[b];
    for (int b = 0; b < 6; b++)
        errors += mx[b] != rmx[b];
    errors += tot[0] != rtot[0] || tot[1] != rtot[1];
    printf("reduction_array_sections: hist = %ld, mx = %d %d %d %d, tot = %ld %ld, errors = %d\n", check,
           mx[2], mx[3], mx[4], mx[5], tot[0], tot[1], errors);
    return errors != 0;
}
