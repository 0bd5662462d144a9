! cache_directive.f90: the cache directive at the top of a loop body, on an array section
! that moves with the loop index (a 3-point stencil), on a 2-D section, and on a whole small array.
program cache_directive
  implicit none
  integer, parameter :: n = 2000, m = 50
  real(8) :: a(0:n + 1), b(n), w(3), g(m, m), h(m, m)
  integer :: i, j

  do i = 0, n + 1
    a(i) = real(mod(i * 7, 13), 8)
  end do
  w = [0.25d0, 0.5d0, 0.25d0]
  !$acc parallel loop copyin(a, w) copyout(b)
  do i = 1, n
    !$acc cache(a(i-1:i+1), w)
    b(i) = w(1) * a(i - 1) + w(2) * a(i) + w(3) * a(i + 1)
  end do

  do j = 1, m
    do i = 1, m
      g(i, j) = real(i + j, 8)
    end do
  end do
  !$acc parallel loop gang copyin(g) copyout(h)
  do j = 1, m
    !$acc loop vector
    do i = 1, m
      !$acc cache(g(i, j:j))
      h(i, j) = g(i, j) * 2.0d0
    end do
  end do

  do i = 1, n
    if (b(i) /= 0.25d0 * a(i - 1) + 0.5d0 * a(i) + 0.25d0 * a(i + 1)) then
      print *, 'FAIL: stencil', i
      stop 1
    end if
  end do
  if (any(h /= 2.0d0 * g)) then
    print *, 'FAIL: 2-D cache'
    stop 1
  end if
  print '(a,i0,1x,i0)', 'cache: ', nint(4.0d0 * sum(b)), nint(sum(h))
  print '(a)', 'cache: PASS'
end program cache_directive
