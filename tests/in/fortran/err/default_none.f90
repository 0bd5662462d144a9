subroutine s(a, n)
  integer :: n, i
  real :: a(n)
  !$acc parallel loop default(none) copy(a)
  do i = 1, n
    a(i) = 1
  end do
end subroutine s
