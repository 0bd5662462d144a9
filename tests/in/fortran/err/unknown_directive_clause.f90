subroutine s(a)
  real :: a(10)
  !$acc paralel copy(a)
  !$acc parallel copy(a) bogus(3)
  a(1) = 1
  !$acc end parallel
end subroutine s
