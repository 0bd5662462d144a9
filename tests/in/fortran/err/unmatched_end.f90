subroutine s(a)
  real :: a(10)
  !$acc end parallel
  !$acc data copy(a)
  a(1) = 1
  !$acc end kernels
end subroutine s
