subroutine s(a)
  implicit none
  real :: a(10)
  !$acc parallel copy(a, b)
  a(1) = 1
  !$acc end parallel
end subroutine s
