subroutine s(a)
  real :: a(10)
#pragma acc parallel
  a(1) = 1
end subroutine
