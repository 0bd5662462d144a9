subroutine s(a, n)
  integer :: n, i
  real :: a(10)
  do i = 1, n
    !$acc kernels
    a(i) = 1
  end do
  !$acc end kernels
end subroutine s
