! ops.f90: the external procedure, without a routine directive of its own.
subroutine scale_row(n, x)
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  integer :: k
  do k = 1, n
    x(k) = 2 * x(k)
  end do
end subroutine scale_row
