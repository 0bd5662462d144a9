subroutine s(a)
  real :: a(10)
  !$acc parallel &
  a(1) = 1
  !$acc end parallel
end subroutine
