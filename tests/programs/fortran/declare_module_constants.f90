! Physics constants a module names in `declare copyin` (its runtime starts from a constructor,
! before gfortran's run-time library installs its signal handlers for -fbacktrace), read by a
! kernel; the host then reads the kernel's array while it is still present. Under the data
! checker the host's reads of a watched page are single-stepped, and the step ends in SIGTRAP,
! whose handler the checker must keep.
module declare_module_constants_m
  implicit none
  real(8) :: c1 = 1d0, c2 = 0.5d0
  !$acc declare copyin(c1, c2)
end module

program declare_module_constants
  use declare_module_constants_m
  implicit none
  integer, parameter :: n = 65536
  real(8), allocatable :: a(:)
  integer :: i
  allocate(a(n))
  a = 1
  !$acc enter data copyin(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = c1 + c2 * merge(1, 0, i == n / 2)
  end do
  ! (The host copy is the one the program set: the device's is not copied back yet.)
  print '(a, f5.1)', 'host ', a(n / 2 + 1)
  !$acc exit data copyout(a)
  print '(a, 2f5.1)', 'device ', a(n / 2), a(n)
  if (a(n / 2) /= 1.5d0 .or. a(n) /= 1) stop 1
  deallocate(a)
end program
