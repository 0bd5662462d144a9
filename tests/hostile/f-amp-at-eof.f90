subroutine s(a)
  real :: a(10)
  !$acc parallel copy(a) &