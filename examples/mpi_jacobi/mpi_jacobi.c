/* 2-D Laplace equation by Jacobi iteration, its rows decomposed over MPI ranks.
 *
 * The boundary holds u(x, y) = x * y. Each rank owns a band of interior rows and keeps it, with
 * one ghost row above and below, on its device for the whole solve. Before each sweep the
 * ranks exchange the rows next to their neighbours' bands (the halos):
 *   - update: `update self` of the two edge rows, MPI_Sendrecv between host buffers,
 *     `update device` of the two ghost rows;
 *   - host_data: `host_data use_device(u)` hands MPI the device copy's addresses, so a
 *     GPU-aware (CUDA-aware) MPI sends from and receives into device memory directly.
 * host_data is the default where it works without a GPU-aware MPI too (the host and multicore
 * devices share the host's memory) and where the MPI says it is CUDA-aware
 * (MPIX_Query_cuda_support, MPIX_GPU_query_support); MPI_JACOBI_HALO=update or host_data
 * chooses. A sweep computes every interior point from its four neighbours, the same arithmetic
 * whatever the decomposition, so the grid gathered on rank 0 after a fixed number of sweeps is
 * the serial run's, bit for bit: the result line is identical for any number of ranks.
 *
 * Build: mpicc -fopenacc (OMPI_CC=accc, MPICH_CC=accc or -cc=accc) or ACCC_CC=mpicc accc
 * -fopenacc; see Makefile and CMakeLists.txt. Run: mpirun -np 2 ./mpi_jacobi */
#include <math.h>
#include <mpi.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h> /* MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support */
#endif

#define N 66      /* grid points per side, boundary included */
#define SWEEPS 600

/* Whether the MPI library sends from and receives into CUDA device memory. */
static int cuda_aware_mpi(void)
{
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support();
#elif defined(MPICH_NUMVERSION) && defined(MPIX_GPU_SUPPORT_CUDA)
    int supported = 0;
    MPIX_GPU_query_support(MPIX_GPU_SUPPORT_CUDA, &supported);
    return supported;
#else
    return 0;
#endif
}

/* The halo exchange to use on the current device (see the top of the file). */
static int use_host_data(void)
{
    const char *chosen = getenv("MPI_JACOBI_HALO");
    if (chosen && *chosen)
        return strcmp(chosen, "host_data") == 0;
    acc_device_t type = acc_get_device_type();
    int shared = (int)acc_get_property(acc_get_device_num(type), type,
                                       acc_property_shared_memory_support);
    return shared || (type == acc_device_nvidia && cuda_aware_mpi());
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int n = N, interior = N - 2;
    const double h = 1.0 / (N - 1);
    /* Rank r owns global rows lo..hi-1 (interior rows 1..n-2), stored as local rows 1..own;
       local rows 0 and own+1 are ghosts (a neighbour's edge row, or the boundary). */
    int lo = 1 + rank * interior / size, hi = 1 + (rank + 1) * interior / size;
    int own = hi - lo, rows = own + 2;
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double *u = malloc((size_t)rows * n * sizeof *u), *unew = malloc((size_t)rows * n * sizeof *unew);
    if (!u || !unew)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < n; j++) {
            int g = lo - 1 + i;
            int boundary = g == 0 || g == n - 1 || j == 0 || j == n - 1;
            u[i * n + j] = unew[i * n + j] = boundary ? (g * h) * (j * h) : 0.0;
        }

    int host_data = use_host_data();
    if (rank == 0)
        printf("mpi_jacobi: %d rank%s, %s device, halos by %s\n", size, size == 1 ? "" : "s",
               acc_get_device_type() == acc_device_nvidia ? "nvidia"
               : acc_get_device_type() == acc_device_host ? "host" : "multicore",
               host_data ? "host_data use_device (device addresses to MPI)" : "update self/device");
    double change = 0.0;
#pragma acc data copy(u[0:rows * n]) copyin(unew[0:rows * n])
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
        if (host_data) {
#pragma acc host_data use_device(u)
            {
                MPI_Sendrecv(&u[1 * n], n, MPI_DOUBLE, up, 0, &u[(own + 1) * n], n, MPI_DOUBLE, down, 0,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Sendrecv(&u[own * n], n, MPI_DOUBLE, down, 1, &u[0], n, MPI_DOUBLE, up, 1,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
        } else {
#pragma acc update self(u[1 * n:n], u[own * n:n])
            MPI_Sendrecv(&u[1 * n], n, MPI_DOUBLE, up, 0, &u[(own + 1) * n], n, MPI_DOUBLE, down, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Sendrecv(&u[own * n], n, MPI_DOUBLE, down, 1, &u[0], n, MPI_DOUBLE, up, 1,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma acc update device(u[0:n], u[(own + 1) * n:n])
        }
        double local = 0.0;
#pragma acc parallel loop collapse(2) present(u[0:rows * n], unew[0:rows * n]) reduction(max:local)
        for (int i = 1; i <= own; i++)
            for (int j = 1; j < n - 1; j++) {
                double v = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
                local = fmax(local, fabs(v - u[i * n + j]));
                unew[i * n + j] = v;
            }
#pragma acc parallel loop collapse(2) present(u[0:rows * n], unew[0:rows * n])
        for (int i = 1; i <= own; i++)
            for (int j = 1; j < n - 1; j++)
                u[i * n + j] = unew[i * n + j];
        MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }

    /* The whole grid on rank 0: every band's rows in order, then the boundary rows. */
    double *grid = rank == 0 ? malloc((size_t)n * n * sizeof *grid) : NULL;
    int *counts = malloc(size * sizeof *counts), *offsets = malloc(size * sizeof *offsets);
    for (int r = 0; r < size; r++) {
        int rlo = 1 + r * interior / size, rhi = 1 + (r + 1) * interior / size;
        counts[r] = (rhi - rlo) * n;
        offsets[r] = rlo * n;
    }
    MPI_Gatherv(&u[n], own * n, MPI_DOUBLE, grid, counts, offsets, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    int ok = 1;
    if (rank == 0) {
        for (int j = 0; j < n; j++) {
            grid[j] = 0.0;
            grid[(n - 1) * n + j] = (n - 1) * h * (j * h);
        }
        double sum = 0.0, err = 0.0;
        for (int i = 0; i < n * n; i++)
            sum += grid[i];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                err = fmax(err, fabs(grid[i * n + j] - (i * h) * (j * h)));
        /* After SWEEPS sweeps from zero the error is still large; it must shrink, though. */
        ok = isfinite(sum) && err < 0.25 && change > 0.0 && change < 1e-3;
        printf("mpi_jacobi: %dx%d grid, %d sweeps, last change %.6e, checksum %.15e, max error %.6e: %s\n",
               n, n, SWEEPS, change, sum, err, ok ? "ok" : "FAILED");
        free(grid);
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(counts);
    free(offsets);
    free(u);
    free(unew);
    MPI_Finalize();
    return !ok;
}
