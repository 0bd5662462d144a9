subroutine s(a)
  real :: a(10)
  !$acc parallel copy(a)
  a(1) = 1
end subroutine
