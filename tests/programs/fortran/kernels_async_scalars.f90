! Scalars a `kernels async` region only reads get the value they had at the launch, as NVHPC
! passes them by value: the host may change them, or return from the procedure holding them,
! before the queue runs the kernel (the plane index of a halo update between two async regions).
module kernels_async_planes
  implicit none
contains
  ! Queues the update of column k of a and returns before it runs.
  subroutine update_column(a, n, kk)
    integer, intent(in) :: n, kk
    real(8), intent(inout) :: a(n, 4)
    integer :: i, k
    k = kk
    !$acc kernels present(a) async(1)
    do i = 1, n
      a(i, k) = a(i, k) + real(i, 8) * k
    end do
    !$acc end kernels
  end subroutine

  ! Uses the stack update_column used.
  integer function clobber(v)
    integer, intent(in) :: v
    integer :: junk(64)
    junk = -100000 * v
    clobber = junk(7) + junk(64)
  end function
end module

program kernels_async_scalars
  use kernels_async_planes
  implicit none
  integer, parameter :: n = 200000
  real(8), allocatable :: a(:, :), z(:)
  integer :: i, k, sink, bad
  allocate(a(n, 4), z(n))
  a = 0
  z = 0
  sink = 0
  !$acc data copy(a, z)
  ! Keeps queue 1 busy, so the next launches wait in the queue.
  !$acc parallel loop async(1)
  do i = 1, n
    z(i) = z(i) * 0.5d0 + 1
  end do
  do k = 1, 4
    call update_column(a, n, k)
    sink = sink + clobber(k)
  end do
  !$acc wait(1)
  !$acc end data
  bad = 0
  do k = 1, 4
    do i = 1, n
      if (a(i, k) /= real(i, 8) * k) bad = bad + 1
    end do
  end do
  print '(a, 4f16.1, a, i0, a)', 'columns ', sum(a, dim=1), ', ', bad, ' wrong'
  if (bad /= 0 .or. sink == 1) stop 1
end program
