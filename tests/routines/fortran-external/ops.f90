! ops.f90: external procedures a compute region of main.f90 calls: `scale_add` is an explicit
! `routine seq`; `dot3` has no directive (an implicit seq routine).
subroutine scale_add(n, alpha, x, y)
  !$acc routine seq
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: alpha, x(n)
  real(8), intent(inout) :: y(n)
  integer :: k
  do k = 1, n
    y(k) = y(k) + alpha * x(k)
  end do
end subroutine scale_add

real(8) function dot3(a, b)
  implicit none
  real(8), intent(in) :: a(3), b(3)
  dot3 = a(1) * b(1) + a(2) * b(2) + a(3) * b(3)
end function dot3
