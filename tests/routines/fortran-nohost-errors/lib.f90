! nohost routines: an external one and a module one, called only in compute regions
! (main.f90) and in another nohost routine.
module lib
contains
  real function cube(x)
    !$acc routine seq nohost
    real, intent(in) :: x
    cube = x * x * x
  end function cube
end module lib

subroutine dbl(x)
  !$acc routine seq nohost
  real, intent(inout) :: x
  x = 2.0 * x
end subroutine dbl
