subroutine s(a, n)
  integer :: n, i
  real :: a(n)
  !$acc parallel loop
  a(1) = 1
  !$acc parallel loop collapse(2)
  do i = 1, n
    a(i) = 2
  end do
  !$acc kernels loop
  do while (n > 0)
    n = n - 1
  end do
end subroutine s
