/* unstructured data lifetimes: enter data copyin/create, exit data copyout/delete,
 * data living across function calls, if() and async on enter/exit data. */
#include <stdio.h>
#include <stdlib.h>

static double *field;
static int len;

static void field_create(int n)
{
    len = n;
    field = malloc(n * sizeof *field);
    for (int i = 0; i < n; i++)
        field[i] = i;
#pragma acc enter data copyin(field[0:len])
}

static void field_step(double f)
{
#pragma acc parallel loop present(field[0:len])
    for (int i = 0; i < len; i++)
        field[i] = field[i] * f + 1.0;
}

static void field_destroy(void)
{
#pragma acc exit data copyout(field[0:len])
}

int main(void)
{
    int n = 2048, errors = 0;
    field_create(n);
    field_step(2.0);
    field_step(0.5);
    field_destroy();
    for (int i = 0; i < n; i++)
        if (field[i] != (i * 2.0 + 1.0) * 0.5 + 1.0)
            errors++;

    /* create + copyout, with async and wait */
    int *sq = malloc(n * sizeof *sq);
    int *lookup = malloc(n * sizeof *lookup);
    for (int i = 0; i < n; i++)
        lookup[i] = 3 * i;
    int on = 1;
#pragma acc enter data create(sq[0:n]) copyin(lookup[0:n]) if(on) async(1)
#pragma acc parallel loop present(sq[0:n], lookup[0:n]) async(1)
    for (int i = 0; i < n; i++)
        sq[i] = lookup[i] + i * i;
#pragma acc exit data copyout(sq[0:n]) delete(lookup[0:n]) async(1)
#pragma acc wait(1)
    long s = 0;
    for (int i = 0; i < n; i++) {
        if (sq[i] != 3 * i + i * i)
            errors++;
        s += sq[i];
    }
    printf("enter_exit_data: field[n-1] = %.1f, sum = %ld, errors = %d\n", field[n - 1], s, errors);
    free(field);
    free(sq);
    free(lookup);
    return errors != 0;
}
