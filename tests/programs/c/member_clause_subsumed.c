/* A struct in a data clause and one of its members in another (`copyin(SD)
 * copyin(SD.max_num_nucs)`, XSBench and RSBench): the member is mapped with the struct, so the
 * second clause adds nothing (accc warns); NVHPC accepts it, GCC refuses it (ACCRT_OPENACC:
 * accc's openacc.h). The pointer member's target is mapped by its own clause. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int n;
    double *p;
} table_t;

int main(void)
{
    table_t s;
    s.n = 100;
    s.p = malloc(100 * sizeof(double));
    for (int i = 0; i < 100; i++)
        s.p[i] = i;
    double sum = 0;
#ifdef ACCRT_OPENACC
#pragma acc parallel loop copyin(s) copyin(s.n) copyin(s.p[0:s.n]) reduction(+:sum)
#else
#pragma acc parallel loop copyin(s.p[0:s.n]) reduction(+:sum)
#endif
    for (int i = 0; i < s.n; i++)
        sum += s.p[i];
    printf("member_clause_subsumed: %g\n", sum);
    free(s.p);
    return 0;
}
