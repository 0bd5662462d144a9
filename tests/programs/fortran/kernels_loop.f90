! kernels_loop.f90: the combined kernels loop construct, with independent, a reduction, a
! collapse, and a nested loop the compiler must keep sequential (a recurrence in j).
program kernels_loop
  implicit none
  integer, parameter :: n = 400, m = 64
  integer :: a(n), p(n, m), want(n, m)
  integer :: i, j, s, ref
  !$acc kernels loop independent copyout(a)
  do i = 1, n
    a(i) = i * i - 3 * i
  end do

  s = 0
  !$acc kernels loop reduction(+:s) copyin(a)
  do i = 1, n
    s = s + mod(a(i), 11)
  end do

  ! Column-wise recurrence: i is independent, j carries a dependence.
  !$acc kernels loop independent copyout(p)
  do i = 1, n
    p(i, 1) = i
    !$acc loop seq
    do j = 2, m
      p(i, j) = mod(p(i, j - 1) * 3 + j, 1009)
    end do
  end do

  ref = 0
  do i = 1, n
    if (a(i) /= i * i - 3 * i) then
      print *, 'FAIL: a', i
      stop 1
    end if
    ref = ref + mod(i * i - 3 * i, 11)
    want(i, 1) = i
    do j = 2, m
      want(i, j) = mod(want(i, j - 1) * 3 + j, 1009)
    end do
  end do
  if (s /= ref) then
    print *, 'FAIL: s', s, ref
    stop 1
  end if
  if (any(p /= want)) then
    print *, 'FAIL: p'
    stop 1
  end if
  print '(a,i0,1x,i0)', 'kernels loop: ', s, sum(p)
  print '(a)', 'kernels loop: PASS'
end program kernels_loop
