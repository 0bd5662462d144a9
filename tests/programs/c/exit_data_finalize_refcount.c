/* dynamic reference counts: nested enter data, exit data delete that only
 * decrements, finalize that drops every reference, copyout with finalize,
 * and update if_present on data that is gone. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 1000, errors = 0;
    int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (int i = 0; i < n; i++) {
        a[i] = i;
        b[i] = 0;
    }

#pragma acc enter data copyin(a[0:n])
#pragma acc enter data copyin(a[0:n]) /* already present: count 2, no transfer */
#pragma acc enter data create(b[0:n])
#pragma acc enter data create(b[0:n])
#pragma acc enter data create(b[0:n]) /* count 3 */

#pragma acc exit data delete(a[0:n]) /* count 1: still present */
#pragma acc parallel loop present(a[0:n], b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = a[i] * 2;

#pragma acc exit data copyout(b[0:n]) /* count 3 -> 2: no copy yet */
#pragma acc parallel loop present(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] += 5;
#pragma acc exit data copyout(b[0:n]) finalize /* count 0: copied back */
#pragma acc exit data delete(a[0:n]) finalize

    for (int i = 0; i < n; i++)
        if (b[i] != 2 * i + 5)
            errors++;

    /* nothing is present any more: update if_present is a no-op */
    b[0] = -1;
#pragma acc update self(b[0:n]) if_present
#pragma acc update device(a[0:n]) if_present
    if (b[0] != -1)
        errors++;

    long s = 0;
    for (int i = 0; i < n; i++)
        s += b[i];
    printf("exit_data_finalize_refcount: sum = %ld, errors = %d\n", s, errors);
    free(a);
    free(b);
    return errors != 0;
}
