! main.f90: a named routine directive spelling the procedure in mixed case: Fortran names are
! case-insensitive, so the link matches it with Scale_Row's definition in ops.f90 and its
! explicit vector level makes the call inside a vector loop an error.
program main
  implicit none
  interface
    subroutine Scale_Row(n, x)
      integer, intent(in) :: n
      real(8), intent(inout) :: x(n)
    end subroutine Scale_Row
  end interface
  !$acc routine(Scale_Row) vector
  real(8) :: x(4, 64)
  integer :: i
  x = 1
  !$acc parallel loop gang vector copy(x)
  do i = 1, 64
    call scale_row(4, x(1, i))
  end do
  if (any(x /= 2)) stop 1
end program main
