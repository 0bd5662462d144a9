subroutine s(a)
  real :: a(10)
  !$acc parallel bogus(3)
  a(1) = 1
  !$acc end parallel
end subroutine
