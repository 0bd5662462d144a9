subroutine s(a)
  real :: a(10)
#line 2147483647 "odd name.F90"
  !$acc parallel bogus
  a(1) = 1
  !$acc end parallel
end subroutine
