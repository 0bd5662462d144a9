/* declare link (OpenACC 3.3 §2.13.3): the device holds no copy of a linked global until a data
 * clause maps it; device routines and kernels that use it by name reach the mapped copy.
 * Mapped by a data construct, by enter data / exit data with update, acc_deviceptr and
 * present in between, by a section (at the start and in the middle of the array), and by
 * acc_copyin / acc_delete. On a device
 * with its own memory each step fails when the link does not follow the mapping (a missing
 * update shows stale device data, a missing mapping stops the launch). */
#include <openacc.h>
#include <stdio.h>

#define N 1000

/* GCC 12, the reference compiler of tests/run.sh (_OPENACC 201711), refuses link variables
 * used in routines; its host fallback gets `create` instead, which prints the same. */
#if _OPENACC >= 202211
#define LINK_OR_CREATE link
#else
#define LINK_OR_CREATE create
#endif

float big[N];
#pragma acc declare LINK_OR_CREATE(big)

static double table[64];
#pragma acc declare LINK_OR_CREATE(table)

#pragma acc routine seq
static float scaled(int i)
{
    return 2.0f * big[i];
}

#pragma acc routine seq
static void bump(int i)
{
    big[i] += 1.0f;
}

#pragma acc routine seq
static double weight(int i)
{
    return table[i % 64] * 0.5;
}

static int check(const char *what, int wrong)
{
    printf("%s: errors = %d\n", what, wrong);
    return wrong;
}

/* The runtime API maps the linked static table (acc_copyin / acc_delete). */
static int with_api_mapping(void)
{
    double out[128];
    for (int k = 0; k < 64; k++)
        table[k] = k + 0.25;
    acc_copyin(table, sizeof table);
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < 128; i++)
        out[i] = weight(i);
    acc_delete(table, sizeof table);
    int wrong = 0;
    for (int i = 0; i < 128; i++)
        if (out[i] != ((i % 64) + 0.25) * 0.5)
            wrong++;
    return wrong;
}

int main(void)
{
    int errors = 0, wrong;
    static float out[N];

    /* 1. A data construct maps the whole array: a routine reads it, another writes it, and a
     * kernel writes it by name; copy brings the changes back. */
    for (int i = 0; i < N; i++)
        big[i] = (float)i;
#pragma acc data copy(big)
    {
#pragma acc parallel loop copyout(out)
        for (int i = 0; i < N; i++)
            out[i] = scaled(i);
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            bump(i);
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            big[i] *= 3.0f;
    }
    wrong = 0;
    for (int i = 0; i < N; i++)
        if (out[i] != 2.0f * i || big[i] != 3.0f * (i + 1))
            wrong++;
    errors += check("data copy", wrong);

    /* 2. enter data, host changes sent by update device, device changes brought back by update
     * self, exit data. */
#pragma acc enter data copyin(big)
    int present = acc_is_present(big, sizeof big);
    for (int i = 0; i < N; i++)
        big[i] = 10.0f * i;
#pragma acc update device(big)
    /* acc_deviceptr addresses the mapped copy: a value written there reaches the routine. */
    float seven = 7.0f;
    float *device_big = acc_deviceptr(big);
    acc_memcpy_to_device(device_big + 5, &seven, sizeof seven);
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
        bump(i);
    /* present(big) passes the same copy's address to the kernel. */
#pragma acc parallel loop present(big)
    for (int i = 0; i < N; i++)
        big[i] += 0.5f;
#pragma acc update self(big)
    wrong = 0;
    for (int i = 0; i < N; i++)
        if (big[i] != (i == 5 ? 8.5f : 10.0f * i + 1.5f))
            wrong++;
#pragma acc exit data delete(big)
    /* On a GPU the copy is gone after exit data (shared-memory devices always have it). */
    acc_device_t type = acc_get_device_type();
    present = present &&
              ((type != acc_device_nvidia && type != acc_device_radeon) || !acc_is_present(big, sizeof big));
    errors += check("enter/update/exit data", wrong);
    errors += check("present while mapped only", !present);

    /* 3. A section at the start: the routine reads inside it. */
    for (int i = 0; i < N; i++)
        big[i] = (float)(N - i);
#pragma acc data copyin(big[0:N/2])
    {
#pragma acc parallel loop copyout(out[0:N/2])
        for (int i = 0; i < N / 2; i++)
            out[i] = scaled(i);
    }
    wrong = 0;
    for (int i = 0; i < N / 2; i++)
        if (out[i] != 2.0f * (N - i))
            wrong++;
    errors += check("section at the start", wrong);

    /* 4. A section in the middle: the link points at where the array's start would be, so
     * big[i] of the section reaches the section's copy. */
#pragma acc data copy(big[N/4:N/2])
    {
#pragma acc parallel loop
        for (int i = N / 4; i < N / 4 + N / 2; i++)
            bump(i);
    }
    wrong = 0;
    for (int i = 0; i < N; i++) {
        float expect = (float)(N - i) + (i >= N / 4 && i < N / 4 + N / 2 ? 1.0f : 0.0f);
        if (big[i] != expect)
            wrong++;
    }
    errors += check("section in the middle", wrong);

    /* 5. A static linked table mapped by the runtime API. */
    errors += check("acc_copyin / acc_delete", with_api_mapping());
    return errors != 0;
}
