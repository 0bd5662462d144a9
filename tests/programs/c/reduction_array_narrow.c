/* Array reductions on narrow element types (char, short, unsigned char, _Bool) under every loop
 * mapping: the vector lanes of a gang share its partial array, so the vectoriser must not take
 * the partial's updates as independent (they were: 1-byte sums came out short). GCC 12 stops
 * with an internal error on these reductions: its reference build runs the loops without the
 * directives (ACCRT_OPENACC: accc's openacc.h). */
#include <openacc.h>
#include <stdio.h>
#include <stdbool.h>

#define N 1000

int main(void) {
    signed char c[5] = {0};
    short s[7] = {0};
    unsigned char u[3] = {0};
    bool any[5] = {false};
    char or[5] = {0};
    int in[N];
    for (int i = 0; i < N; i++) in[i] = (i * 37) % 11 == 3;

#ifdef ACCRT_OPENACC
    #pragma acc parallel loop reduction(+:c) copyin(in)
#endif
    for (int i = 0; i < N / 10; i++) c[i % 5] += (signed char)in[i];
#ifdef ACCRT_OPENACC
    #pragma acc parallel loop gang vector reduction(+:s)
#endif
    for (int i = 0; i < N; i++) s[i % 7] += 2;
#ifdef ACCRT_OPENACC
    #pragma acc parallel loop reduction(|:u) copyin(in)
#endif
    for (int i = 0; i < N; i++) u[i % 3] |= (unsigned char)(in[i] << (i % 8));
#ifdef ACCRT_OPENACC
    #pragma acc parallel loop reduction(||:any) copyin(in)
#endif
    for (int i = 0; i < N; i++) any[i % 5] = any[i % 5] || (i == 777);
#ifdef ACCRT_OPENACC
    #pragma acc parallel loop reduction(||:or) copyin(in)
#endif
    for (int i = 0; i < N; i++) or[i % 5] = or[i % 5] || (i == 501);

    short w[4] = {0};
#ifdef ACCRT_OPENACC
    #pragma acc parallel num_gangs(3) num_workers(2) vector_length(32)
#endif
    {
#ifdef ACCRT_OPENACC
        #pragma acc loop gang reduction(+:w)
#endif
        for (int g = 0; g < 6; g++) {
#ifdef ACCRT_OPENACC
            #pragma acc loop worker reduction(+:w)
#endif
            for (int k = 0; k < 8; k++) {
#ifdef ACCRT_OPENACC
                #pragma acc loop vector reduction(+:w)
#endif
                for (int v = 0; v < 40; v++) w[(g + k + v) % 4] += 1;
            }
        }
    }
    for (int i = 0; i < 5; i++) printf("%d ", c[i]);
    printf("| ");
    for (int i = 0; i < 7; i++) printf("%d ", s[i]);
    printf("| %d %d %d | ", u[0], u[1], u[2]);
    for (int i = 0; i < 5; i++) printf("%d%d", any[i], or[i]);
    printf(" | %d %d %d %d\n", w[0], w[1], w[2], w[3]);
    return 0;
}
