! reduction_real_kinds.f90: + * max min reductions on real(4) and real(8), with values chosen
! so that every partial sum and product is exact (small integers and powers of two): the result
! is the same in any order, and is compared with == against a serial loop.
program reduction_real_kinds
  implicit none
  integer, parameter :: n = 4096
  real(4) :: a(n), s4, p4, mx4, mn4, r4
  real(8) :: b(n), s8, p8, mx8, mn8, r8
  integer :: i

  do i = 1, n
    a(i) = real(mod(i * 11, 64) - 32, 4) * 0.5
    b(i) = real(mod(i * 29, 1024) - 512, 8) * 0.25d0
  end do

  s4 = 0; p4 = 1; mx4 = -huge(mx4); mn4 = huge(mn4)
  !$acc parallel loop copyin(a) reduction(+:s4) reduction(*:p4) reduction(max:mx4) &
  !$acc   reduction(min:mn4)
  do i = 1, n
    s4 = s4 + a(i)
    if (mod(i, 256) == 5) p4 = p4 * merge(2.0, 0.5, mod(i, 3) == 0)
    mx4 = max(mx4, a(i))
    mn4 = min(mn4, a(i))
  end do

  s8 = 0; p8 = 1; mx8 = -huge(mx8); mn8 = huge(mn8)
  !$acc parallel copyin(b)
  !$acc loop gang worker vector reduction(+:s8) reduction(*:p8) reduction(max:mx8) &
  !$acc   reduction(min:mn8)
  do i = 1, n
    s8 = s8 + b(i)
    if (mod(i, 128) == 1) p8 = p8 * merge(4.0d0, -0.5d0, mod(i, 5) == 0)
    mx8 = max(mx8, b(i))
    mn8 = min(mn8, b(i))
  end do
  !$acc end parallel

  r4 = 0
  do i = 1, n
    r4 = r4 + a(i)
  end do
  if (s4 /= r4) then
    print *, 'FAIL: real(4) sum'
    stop 1
  end if
  r4 = 1
  do i = 1, n
    if (mod(i, 256) == 5) r4 = r4 * merge(2.0, 0.5, mod(i, 3) == 0)
  end do
  if (p4 /= r4 .or. mx4 /= maxval(a) .or. mn4 /= minval(a)) then
    print *, 'FAIL: real(4) * max min'
    stop 1
  end if
  r8 = 0
  do i = 1, n
    r8 = r8 + b(i)
  end do
  if (s8 /= r8) then
    print *, 'FAIL: real(8) sum'
    stop 1
  end if
  r8 = 1
  do i = 1, n
    if (mod(i, 128) == 1) r8 = r8 * merge(4.0d0, -0.5d0, mod(i, 5) == 0)
  end do
  if (p8 /= r8 .or. mx8 /= maxval(b) .or. mn8 /= minval(b)) then
    print *, 'FAIL: real(8) * max min'
    stop 1
  end if
  print '(a,4f12.3)', 'real(4):', s4, p4, mx4, mn4
  print '(a,4f16.4)', 'real(8):', s8, p8, mx8, mn8
  print '(a)', 'real reductions: PASS'
end program reduction_real_kinds
