subroutine f(a, n)
  integer :: n, a(n), i, k
  if (n < 0) go to 20
  !$acc parallel copy(a)
  if (a(1) == 0) return
  !$acc end parallel
  outer: do i = 1, n
  !$acc data copy(a)
    if (a(1) == 0) exit outer
    if (a(1) == 1) cycle
    if (a(1) == 2) go to 30
    inner: do k = 1, n
      if (k == 3) exit inner
      if (k == 4) cycle
      if (k == 5) exit
    end do inner
20  a(1) = 1
    go to 20
    if (n > 100) stop 3
  !$acc end data
  end do outer
  !$acc parallel loop
  do i = 1, n
    if (a(i) > 0) cycle
    if (a(i) > 4) return
  end do
30 continue
end subroutine
