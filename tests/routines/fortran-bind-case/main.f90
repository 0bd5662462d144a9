! main.f90: `routine(scale_row) bind(Fast_Scale)`: a Fortran name is case-insensitive, so the
! device code calls fast_scale. The host and multicore devices run the x86 kernel, which calls
! scale_row itself (bind names what GPU code calls), as the host fallback does.
program main
  use openacc
  implicit none
  interface
    subroutine scale_row(n, x)
      integer, intent(in) :: n
      real(8), intent(inout) :: x(n)
    end subroutine scale_row
  end interface
  !$acc routine(scale_row) seq bind(Fast_Scale)
  real(8) :: x(4, 64), want
  integer :: i
  x = 1
  !$acc parallel loop copy(x)
  do i = 1, 64
    call scale_row(4, x(1, i))
  end do
  want = 3
  if (acc_get_device_type() == acc_device_nvidia) want = 2
  if (any(x /= want)) stop 1
end program main
