subroutine s(a, w, n)
  integer :: n, i
  real :: a(n), w(n)
  !$acc parallel loop default(none) copy(a)
  do i = 1, n
    a(i) = w(i)
  end do
end subroutine s
