! A module whose variables device routines of this file and of main.f90 use: a scalar and a
! two-dimensional array given device copies by `declare`, and a routine that reads both.
module state
  implicit none
  integer, parameter :: n = 200
  real(8) :: scale = 2.0d0
  real(8) :: table(3, n)
  integer :: hits(4)
  !$acc declare create(table, scale)
  !$acc declare copyin(hits)
contains
  subroutine apply(a, i)
    !$acc routine seq
    real(8), intent(inout) :: a
    integer, value :: i
    a = a * scale + table(2, i)
  end subroutine
end module
