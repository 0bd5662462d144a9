/* atomic with an if clause (OpenACC 3.3): if(true) makes the update atomic, if(false)
 * lets it be a plain update, used here where only one thread runs (serial region).
 * gcc 12 has no if on atomic; it gets the plain atomic directive. */
#include <stdio.h>

#define N 4096

int main(void)
{
    int n = N, errors = 0, shared = 0, alone = 0;
    int need_atomic = 1, single = 0;

#pragma acc parallel loop copy(shared)
    for (int i = 0; i < n; i++) {
#if _OPENACC > 201711
#pragma acc atomic update if(need_atomic)
#else
#pragma acc atomic update
#endif
        shared += 2;
    }

#pragma acc serial copy(alone)
    for (int i = 0; i < n; i++) {
#if _OPENACC > 201711
#pragma acc atomic update if(single)
#else
#pragma acc atomic update
#endif
        alone++;
    }

    long cap = 0;
#pragma acc parallel loop copy(shared) reduction(+:cap)
    for (int i = 0; i < n; i++) {
        int mine;
#if _OPENACC > 201711
#pragma acc atomic capture if(need_atomic)
#else
#pragma acc atomic capture
#endif
        mine = shared++;
        cap += mine;
    }
    long want_cap = 0;
    for (int i = 0; i < n; i++)
        want_cap += 2L * n + i;
    if (shared != 3 * n || alone != n || cap != want_cap || single != 0 || need_atomic != 1)
        errors++;
    printf("atomic_if_clause: shared = %d, alone = %d, cap = %ld, errors = %d\n", shared, alone, cap, errors);
    return errors != 0;
}
