/* Declared globals used by device routines, with the operations that must all address the one
 * device copy (OpenACC 3.3 §2.13): update device / update self, acc_deviceptr, present and
 * data clauses, acc_memcpy_to_device through acc_deviceptr, and kernels that write a global
 * through its present-table address while a routine of a later kernel reads it by name.
 * On a device with its own memory each step fails without the right present-table entry. */
#include <openacc.h>
#include <stdio.h>
#include <string.h>

#define N 256

double lut[8] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5};
#pragma acc declare copyin(lut)

static double gain;
#pragma acc declare create(gain)

double stage[N];
#pragma acc declare create(stage)

static long results[N];
#pragma acc declare create(results)

#pragma acc routine seq
static double lookup(int i)
{
    return gain * lut[i % 8];
}

#pragma acc routine seq
static void record(int i)
{
    /* A routine writes a global by name; the host sees it after update self. */
    results[i] = (long)(stage[(i + 1) % N] * 4.0);
}

int main(void)
{
    int errors = 0;
    double out[N];

    gain = 2.0;
#pragma acc update device(gain)

    /* A declare copyin global was initialised on the device from the host value. */
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++)
        out[i] = lookup(i);
    for (int i = 0; i < N; i++)
        if (out[i] != 2.0 * (0.5 + i % 8))
            errors++;
    printf("lookup: errors = %d\n", errors);

    /* acc_deviceptr, present and use_device name the same copy. */
    void *device_lut = acc_deviceptr(lut);
    int same = device_lut != NULL && acc_is_present(lut, sizeof lut);
#pragma acc data present(lut)
    {
#pragma acc host_data use_device(lut)
        same = same && (void *)lut == device_lut;
    }
    printf("one device copy: %d\n", same);
    errors += !same;

    /* New table values written through the device address reach the routine. */
    double twice[8];
    for (int k = 0; k < 8; k++)
        twice[k] = 2.0 * lut[k];
    acc_memcpy_to_device(device_lut, twice, sizeof twice);
    memcpy(lut, twice, sizeof twice);
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++)
        out[i] = lookup(i);
    int wrong = 0;
    for (int i = 0; i < N; i++)
        if (out[i] != 4.0 * (0.5 + i % 8))
            wrong++;
    printf("after acc_memcpy_to_device: errors = %d\n", wrong);
    errors += wrong;

    /* A kernel writes stage through its data clause (the present entry); a later kernel's
     * routine reads it by name and writes results, which update self brings back. */
#pragma acc parallel loop present(stage)
    for (int i = 0; i < N; i++)
        stage[i] = i * 0.25;
#pragma acc parallel loop copy(stage)
    for (int i = 0; i < N; i++)
        record(i);
#pragma acc update self(results)
    long sum = 0;
    wrong = 0;
    for (int i = 0; i < N; i++) {
        if (results[i] != (i + 1) % N)
            wrong++;
        sum += results[i];
    }
    printf("routine writes: sum = %ld, errors = %d\n", sum, wrong);
    errors += wrong;

    /* update self of a global a kernel wrote through its present entry. */
#pragma acc update self(stage)
    wrong = 0;
    for (int i = 0; i < N; i++)
        if (stage[i] != i * 0.25)
            wrong++;
    printf("update self: errors = %d\n", wrong);
    errors += wrong;
    return errors != 0;
}
