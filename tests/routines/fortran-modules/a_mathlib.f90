! a_mathlib.f90: the bottom module of a three-file chain. `sq` has no directive (an implicit
! seq routine, reached from physics' `energy`, itself called from main.f90).
module mathlib
  implicit none
  integer, parameter :: wp = selected_real_kind(15)
  integer, parameter :: ncomp = 3
contains
  function sq(x) result(y)
    real(wp), intent(in) :: x
    real(wp) :: y
    y = x * x
  end function sq
end module mathlib
