subroutine s(a)
  real :: a(10)
  !$acc parallel & ! comment
  !$acc& copy(a) ! another
  a(1) = 1
  !$acc end parallel
end subroutine
