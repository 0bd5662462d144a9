/* host_data use_device as MPI codes use it: inside the construct, a library that takes
 * addresses (here two stand-ins for MPI_Send and MPI_Recv of a GPU-aware MPI) must get the
 * device copy's addresses. The data stays on the device: a kernel writes it there (the host
 * copy, on a device with its own memory, keeps the old values), the "send" reads through the
 * address it is given and must see the kernel's values, the "receive" writes through it and a
 * second kernel must see what it wrote. Like a GPU-aware MPI, the stand-ins move the bytes with
 * the device's copy functions (acc_memcpy_*_device): a host load through a device address
 * fails on a GPU with memory of its own. On the host and multicore devices the device copy is
 * the host array, and the same checks hold. */
#include <openacc.h>
#include <stdio.h>

#define N 64

static double sent[4];

/* stands in for MPI_Send from a device buffer of count doubles */
static void fake_send(const double *buffer, int count)
{
    acc_memcpy_from_device(sent, (void *)buffer, count * sizeof *buffer);
}

/* stands in for MPI_Recv into a device buffer of count doubles */
static void fake_recv(double *buffer, int count)
{
    double received[8];
    for (int k = 0; k < count; k++)
        received[k] = 1000.0 + k;
    acc_memcpy_to_device(buffer, received, count * sizeof *buffer);
}

int main(void)
{
    double u[N], seen[3];
    int errors = 0;
    for (int i = 0; i < N; i++)
        u[i] = i;
#pragma acc data copyin(u) copyout(seen)
    {
#pragma acc parallel loop present(u)
        for (int i = 0; i < N; i++)
            u[i] = 2.0 * i;
#pragma acc host_data use_device(u)
        {
            fake_send(&u[8], 4);
            fake_recv(&u[20], 3);
        }
#pragma acc parallel loop present(u, seen)
        for (int k = 0; k < 3; k++)
            seen[k] = u[20 + k];
    }
    for (int k = 0; k < 4; k++)
        errors += sent[k] != 2.0 * (8 + k);
    for (int k = 0; k < 3; k++)
        errors += seen[k] != 1000.0 + k;
    printf("host_data_mpi_halo: sent %g %g %g %g, received %g %g %g, errors = %d\n", sent[0],
           sent[1], sent[2], sent[3], seen[0], seen[1], seen[2], errors);
    return errors != 0;
}
