! parallel_loop.f90: the combined parallel loop construct with data, reduction, private and
! gang/vector clauses, and a loop with a non-unit and a negative step.
program parallel_loop
  implicit none
  integer, parameter :: n = 10000
  real(4) :: x(n), y(n)
  integer :: i, s, odd, back(n), t
  do i = 1, n
    x(i) = real(i, 4)
  end do
  y = -1.0

  !$acc parallel loop gang vector copyin(x) copyout(y)
  do i = 1, n
    y(i) = x(i) * 0.5 + 1.0
  end do

  s = 0
  !$acc parallel loop reduction(+:s) copyin(x)
  do i = 1, n, 3
    s = s + int(x(i))
  end do

  odd = 0
  !$acc parallel loop reduction(+:odd) private(t)
  do i = n, 1, -2
    t = mod(i, 2)
    odd = odd + t
  end do

  !$acc parallel loop copyout(back) num_gangs(16) vector_length(64)
  do i = n, 1, -1
    back(i) = n - i
  end do

  do i = 1, n
    if (y(i) /= real(i, 4) * 0.5 + 1.0) then
      print *, 'FAIL: y', i
      stop 1
    end if
    if (back(i) /= n - i) then
      print *, 'FAIL: back', i
      stop 1
    end if
  end do
  if (s /= sum([(i, i = 1, n, 3)])) then
    print *, 'FAIL: strided sum', s
    stop 1
  end if
  if (odd /= 0) then
    print *, 'FAIL: odd', odd
    stop 1
  end if
  print '(a,i0)', 'parallel loop: strided sum = ', s
  print '(a)', 'parallel loop: PASS'
end program parallel_loop
