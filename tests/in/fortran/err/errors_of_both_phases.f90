! A directive error and a default(none) violation elsewhere: one compile reports both.
subroutine f(n, a, b)
  integer :: n, i
  real :: a(n), b(n)
  !$acc parallel loop copyin(a) bogus(3)
  do i = 1, n
    b(i) = a(i)
  end do
  !$acc parallel loop default(none) copyin(a)
  do i = 1, n
    b(i) = a(i)
  end do
end subroutine f
