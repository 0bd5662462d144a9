! a_ops.f90: two external procedures; main.f90 binds device calls of scale_row to fast_scale,
! spelling it in mixed case.
subroutine scale_row(n, x)
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  x = 3 * x
end subroutine scale_row
subroutine fast_scale(n, x)
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  integer :: k
  do k = 1, n
    x(k) = 2 * x(k)
  end do
end subroutine fast_scale
