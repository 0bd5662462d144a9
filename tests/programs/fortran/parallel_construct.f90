! parallel_construct.f90: the parallel construct with num_gangs/num_workers/vector_length, a
! gang loop inside it, a redundant gang-level scalar update kept in a reduction, and copy/copyin
! of scalars and arrays. Checked against a serial loop.
program parallel_construct
  implicit none
  integer, parameter :: n = 5000
  real(8) :: x(n), y(n), want(n)
  integer :: i, total, flag, ones
  do i = 1, n
    x(i) = real(mod(i * 7, 101), 8)
    y(i) = real(i, 8)
  end do
  total = 0
  flag = 0

  !$acc parallel num_gangs(8) num_workers(2) vector_length(32) copyin(x) copy(y)
  !$acc loop gang vector
  do i = 1, n
    y(i) = 2.0d0 * x(i) + y(i)
  end do
  !$acc end parallel

  ! One gang: a scalar written by the whole region, kept in a copy clause.
  !$acc parallel num_gangs(1) copy(flag)
  flag = 42
  !$acc end parallel

  ! Every gang adds 1 (gang-redundant), so the sum is the number of gangs (>= 1).
  ones = 0
  !$acc parallel num_gangs(4) reduction(+:ones)
  ones = ones + 1
  !$acc end parallel

  !$acc parallel copyin(y) copy(total)
  !$acc loop reduction(+:total)
  do i = 1, n
    if (y(i) > 100.0d0) total = total + 1
  end do
  !$acc end parallel

  do i = 1, n
    want(i) = 2.0d0 * real(mod(i * 7, 101), 8) + real(i, 8)
  end do
  if (any(y /= want)) then
    print *, 'FAIL: saxpy'
    stop 1
  end if
  if (flag /= 42) then
    print *, 'FAIL: flag', flag
    stop 1
  end if
  if (ones < 1 .or. ones > 4) then
    print *, 'FAIL: gang count', ones
    stop 1
  end if
  if (total /= count(want > 100.0d0)) then
    print *, 'FAIL: count', total
    stop 1
  end if
  print '(a,i0)', 'parallel: y(n) = ', nint(y(n))
  print '(a,i0)', 'parallel: count = ', total
  print '(a)', 'parallel: PASS'
end program parallel_construct
