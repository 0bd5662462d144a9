/* Multi-dimensional gangs (OpenACC 3.3 num_gangs(G1, G2, G3) and gang(dim: d)): code outside
 * gang loops runs once per gang of every dimension (G1 * G2 * G3 times), a gang(dim: d) loop
 * divides its iterations among the G_d gangs of dimension d and runs once per gang of the
 * other dimensions, and nested gang loops of decreasing dimensions run every iteration once.
 * A host fallback is one gang: every count is 1 there. gcc 12 (OpenACC 2.6) gets one
 * dimension; its host fallback counts 1 too. accc-cores: 1 3 */
#include <stdio.h>

#if _OPENACC > 201711
#define NUM_GANGS_2x3 num_gangs(2, 3)
#define NUM_GANGS_2x2x2 num_gangs(2, 2, 2)
#define GANG_DIM1 gang(dim: 1)
#define GANG_DIM2 gang(dim: 2)
#define GANG_DIM3 gang(dim: 3)
#else
#define NUM_GANGS_2x3 num_gangs(6)
#define NUM_GANGS_2x2x2 num_gangs(8)
/* gcc rejects gang loops in gang loops: the same nest as levels it accepts. */
#define GANG_DIM1 vector
#define GANG_DIM2 worker
#define GANG_DIM3 gang
#endif

#define N 12

/* Every count must be `want`; prints the first mismatch. */
static int check(const char *what, const int *counts, int n, int want)
{
    for (int i = 0; i < n; i++) {
        if (counts[i] != want) {
            printf("%s[%d] = %d, want %d\n", what, i, counts[i], want);
            return 1;
        }
    }
    return 0;
}

int main(void)
{
    int errors = 0;
    int redundant = 0, dim2[N] = { 0 }, nested[N * N] = { 0 }, dim1[N] = { 0 };

#pragma acc parallel NUM_GANGS_2x3 copy(redundant, dim2, nested, dim1)
    {
#pragma acc atomic update
        redundant++;
#pragma acc loop GANG_DIM2
        for (int i = 0; i < N; i++) {
#pragma acc atomic update
            dim2[i]++;
#pragma acc loop GANG_DIM1
            for (int j = 0; j < N; j++) {
#pragma acc atomic update
                nested[i * N + j]++;
            }
        }
#pragma acc loop GANG_DIM1
        for (int i = 0; i < N; i++) {
#pragma acc atomic update
            dim1[i]++;
        }
    }
    /* One gang (a host fallback), or all 2 x 3 of them. */
    int device = redundant != 1;
    if (redundant != 1 && redundant != 6) {
        printf("redundant code ran %d times, want 1 or 6\n", redundant);
        errors++;
    }
    errors += check("dim2", dim2, N, device ? 2 : 1);
    errors += check("nested", nested, N * N, 1);
    errors += check("dim1", dim1, N, device ? 3 : 1);

    int redundant3 = 0, cube[N * N * N] = { 0 }, plane[N * N] = { 0 }, line[N] = { 0 };
#pragma acc parallel NUM_GANGS_2x2x2 copy(redundant3, cube, plane, line)
    {
#pragma acc atomic update
        redundant3++;
#pragma acc loop GANG_DIM3
        for (int i = 0; i < N; i++) {
#pragma acc loop GANG_DIM2
            for (int j = 0; j < N; j++) {
#pragma acc loop GANG_DIM1
                for (int k = 0; k < N; k++) {
#pragma acc atomic update
                    cube[(i * N + j) * N + k]++;
                }
            }
#pragma acc loop GANG_DIM1
            for (int k = 0; k < N; k++) {
#pragma acc atomic update
                plane[i * N + k]++;
            }
        }
#pragma acc loop GANG_DIM2
        for (int j = 0; j < N; j++) {
#pragma acc atomic update
            line[j]++;
        }
    }
    device = redundant3 != 1;
    if (redundant3 != 1 && redundant3 != 8) {
        printf("redundant code ran %d times, want 1 or 8\n", redundant3);
        errors++;
    }
    errors += check("cube", cube, N * N * N, 1);
    /* A dim-1 loop inside a dim-3 loop: gangs of dimension 2 repeat it. */
    errors += check("plane", plane, N * N, device ? 2 : 1);
    errors += check("line", line, N, device ? 4 : 1);

    /* Without num_gangs, the highest dimension used gets the gangs: no redundant work. */
    int once[N * N] = { 0 };
#pragma acc parallel copy(once)
    {
#pragma acc loop GANG_DIM2
        for (int i = 0; i < N; i++) {
#pragma acc loop GANG_DIM1
            for (int j = 0; j < N; j++) {
#pragma acc atomic update
                once[i * N + j]++;
            }
        }
    }
    errors += check("once", once, N * N, 1);

    printf("gang dims: %s\n", errors ? "FAIL" : "ok");
    return errors != 0;
}
