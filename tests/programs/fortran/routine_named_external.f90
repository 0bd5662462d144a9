! routine_named_external.f90: external procedures of the same file. `hypot3` gets its level
! from `!$acc routine(hypot3) seq` in its caller's specification part; `sq` names itself with
! `!$acc routine(sq) seq`; `count_odd` has no directive at all (an implicit seq routine, as the
! callee of a compute region). Its array dummy is assumed size.
real function sq(x)
  !$acc routine(sq) seq
  real, intent(in) :: x
  sq = x * x
end function sq

real function hypot3(x, y, z)
  real, intent(in) :: x, y, z
  real, external :: sq
  !$acc routine(sq) seq
  hypot3 = sqrt(sq(x) + sq(y) + sq(z))
end function hypot3

integer function count_odd(v, n)
  integer, intent(in) :: n
  integer, intent(in) :: v(*)
  integer :: k
  count_odd = 0
  do k = 1, n
    if (mod(v(k), 2) /= 0) count_odd = count_odd + 1
  end do
end function count_odd

program routine_named_external
  implicit none
  integer, parameter :: n = 300
  real, external :: hypot3
  integer, external :: count_odd
  !$acc routine(hypot3) seq
  real :: d(n), total
  integer :: v(10, n), odd(n), i, j, bad, all_odd

  do i = 1, n
    do j = 1, 10
      v(j, i) = i * j + j / 3
    end do
  end do
  !$acc parallel loop copyout(d, odd) copyin(v)
  do i = 1, n
    d(i) = hypot3(real(i), 2.0 * i, 2.0)
    odd(i) = count_odd(v(1, i), 10)
  end do
  all_odd = 0
  !$acc parallel loop reduction(+:all_odd) copyin(v)
  do i = 1, n
    all_odd = all_odd + count_odd(v(1, i), 10)
  end do

  bad = 0
  total = 0
  do i = 1, n
    if (abs(d(i) - sqrt(5.0 * i * i + 4.0)) > 1.0e-4 * d(i)) bad = bad + 1
    if (odd(i) /= count_odd(v(1, i), 10)) bad = bad + 1
    total = total + d(i)
  end do
  if (all_odd /= sum(odd)) bad = bad + 1
  print '(a,i0,a,f10.1)', 'routine named external: odd ', all_odd, ' total ', total
  if (bad /= 0) then
    print '(a,i0)', 'routine named external: FAIL ', bad
    stop 1
  end if
  print '(a)', 'routine named external: PASS'
end program routine_named_external
