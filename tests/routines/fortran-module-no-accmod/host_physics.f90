! host_physics.f90: module physics compiled by plain gfortran, so it has no accc interface file
! (physics.accmod): main.f90's regions calling its procedures keep their host fallbacks.
module physics
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine scale_add(n, alpha, x, y)
    integer, intent(in) :: n
    real(wp), intent(in) :: alpha, x(n)
    real(wp), intent(inout) :: y(n)
    integer :: k
    do k = 1, n
      y(k) = y(k) + alpha * x(k)
    end do
  end subroutine scale_add

  real(wp) function twice(a)
    real(wp), intent(in) :: a
    twice = 2 * a
  end function twice
end module physics
