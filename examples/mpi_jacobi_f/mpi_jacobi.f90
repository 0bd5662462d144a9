! mpi_jacobi.f90: the 2-D Laplace equation by Jacobi iteration, its columns decomposed over MPI
! ranks; the Fortran twin of examples/mpi_jacobi (see its comments for the method).
!
! The boundary holds u(x, y) = x * y. Each rank owns a band of interior columns (contiguous in
! Fortran's order) and keeps it, with a ghost column on either side, on its device for the whole
! solve. Before each sweep the ranks exchange their edge columns:
!   - update: `update self` of the edge columns, mpi_sendrecv between host arrays, `update
!     device` of the ghost columns;
!   - host_data: `host_data use_device(u)` hands MPI the device copy's addresses, for a
!     GPU-aware (CUDA-aware) MPI that sends from device memory.
! host_data is the default where the device shares the host's memory (host, multicore);
! MPI_JACOBI_HALO=update or host_data chooses (set host_data on a GPU when the MPI is
! CUDA-aware). The grid gathered on rank 0 after a fixed number of sweeps is the serial run's,
! bit for bit, so the result line is the same for any number of ranks.
!
! The program keeps the implicit typing of many MPI codes (integers i-n, double precision
! otherwise), which must not stop the regions from being offloaded next to `use mpi`.
program mpi_jacobi_f
  use mpi
  use openacc
  implicit double precision (a-h, o-z)
  integer, parameter :: n = 66, nsweeps = 600
  double precision, allocatable :: u(:, :), unew(:, :), grid(:, :)
  integer, allocatable :: counts(:), offsets(:)
  logical :: device_addresses, ok
  character(len=16) :: chosen

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, myrank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nranks, ierr)
  h = 1.0d0 / (n - 1)
  ! Rank r owns global columns lfirst..lend-1 (interior columns 1..n-2), stored as local columns
  ! 1..mown; local columns 0 and mown+1 are ghosts (a neighbour's edge, or the boundary).
  lfirst = 1 + myrank * (n - 2) / nranks
  lend = 1 + (myrank + 1) * (n - 2) / nranks
  mown = lend - lfirst
  ileft = MPI_PROC_NULL
  iright = MPI_PROC_NULL
  if (myrank > 0) ileft = myrank - 1
  if (myrank < nranks - 1) iright = myrank + 1
  allocate (u(0:n - 1, 0:mown + 1), unew(0:n - 1, 0:mown + 1))
  do j = 0, mown + 1
    jg = lfirst - 1 + j
    do i = 0, n - 1
      if (i == 0 .or. i == n - 1 .or. jg == 0 .or. jg == n - 1) then
        u(i, j) = (i * h) * (jg * h)
      else
        u(i, j) = 0.0d0
      end if
    end do
  end do
  unew = u

  call get_environment_variable('MPI_JACOBI_HALO', chosen)
  if (len_trim(chosen) > 0) then
    device_addresses = chosen == 'host_data'
  else
    device_addresses = acc_get_property(acc_get_device_num(acc_get_device_type()), &
                                 acc_get_device_type(), acc_property_shared_memory_support) /= 0
  end if
  if (myrank == 0) then
    if (device_addresses) then
      print '(a,i0,a)', 'mpi_jacobi_f: ', nranks, ' rank(s), halos by host_data use_device'
    else
      print '(a,i0,a)', 'mpi_jacobi_f: ', nranks, ' rank(s), halos by update self/device'
    end if
  end if

  change = 0.0d0
  !$acc data copy(u) copyin(unew)
  do isweep = 1, nsweeps
    if (device_addresses) then
      !$acc host_data use_device(u)
      call mpi_sendrecv(u(0, 1), n, MPI_DOUBLE_PRECISION, ileft, 0, u(0, mown + 1), n, &
                        MPI_DOUBLE_PRECISION, iright, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      call mpi_sendrecv(u(0, mown), n, MPI_DOUBLE_PRECISION, iright, 1, u(0, 0), n, &
                        MPI_DOUBLE_PRECISION, ileft, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      !$acc end host_data
    else
      !$acc update self(u(:, 1), u(:, mown))
      call mpi_sendrecv(u(0, 1), n, MPI_DOUBLE_PRECISION, ileft, 0, u(0, mown + 1), n, &
                        MPI_DOUBLE_PRECISION, iright, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      call mpi_sendrecv(u(0, mown), n, MPI_DOUBLE_PRECISION, iright, 1, u(0, 0), n, &
                        MPI_DOUBLE_PRECISION, ileft, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      !$acc update device(u(:, 0), u(:, mown + 1))
    end if
    dlocal = 0.0d0
    !$acc parallel loop collapse(2) present(u, unew) reduction(max:dlocal)
    do j = 1, mown
      do i = 1, n - 2
        v = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
        dlocal = max(dlocal, abs(v - u(i, j)))
        unew(i, j) = v
      end do
    end do
    !$acc parallel loop collapse(2) present(u, unew)
    do j = 1, mown
      do i = 1, n - 2
        u(i, j) = unew(i, j)
      end do
    end do
    call mpi_allreduce(dlocal, change, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  end do
  !$acc end data

  ! The whole grid on rank 0: every band's columns in order, then the boundary columns.
  allocate (counts(0:nranks - 1), offsets(0:nranks - 1), grid(0:n - 1, 0:n - 1))
  do k = 0, nranks - 1
    klo = 1 + k * (n - 2) / nranks
    khi = 1 + (k + 1) * (n - 2) / nranks
    counts(k) = (khi - klo) * n
    offsets(k) = klo * n
  end do
  call mpi_gatherv(u(0, 1), mown * n, MPI_DOUBLE_PRECISION, grid, counts, offsets, &
                   MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  ok = .true.
  if (myrank == 0) then
    do i = 0, n - 1
      grid(i, 0) = 0.0d0
      grid(i, n - 1) = (i * h) * ((n - 1) * h)
    end do
    total = 0.0d0
    err = 0.0d0
    do j = 0, n - 1
      do i = 0, n - 1
        total = total + grid(i, j)
        err = max(err, abs(grid(i, j) - (i * h) * (j * h)))
      end do
    end do
    ok = total == total .and. err < 0.25d0 .and. change > 0.0d0 .and. change < 1.0d-3
    print '(a,i0,a,i0,a,i0,a,es13.6,a,es22.15,a,es13.6,a,l1)', 'mpi_jacobi_f: ', n, 'x', n, &
      ' grid, ', nsweeps, ' sweeps, last change ', change, ', checksum ', total, &
      ', max error ', err, ', ok ', ok
  end if
  call mpi_bcast(ok, 1, MPI_LOGICAL, 0, MPI_COMM_WORLD, ierr)
  call mpi_finalize(ierr)
  if (.not. ok) stop 1
end program mpi_jacobi_f
