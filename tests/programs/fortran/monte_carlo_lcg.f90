! monte_carlo_lcg.f90: Monte-Carlo estimate of pi with an integer linear congruential generator
! per sample (a routine seq function, integer(8) arithmetic modulo 2^31) and integer point
! coordinates (the top 15 bits of a state), so the hit test is exact and the hit count is
! independent of the schedule and of floating-point contraction; compared with a serial count.
module lcg
  implicit none
contains
  integer(8) function next(s)
    !$acc routine seq
    integer(8), intent(in) :: s
    next = mod(1103515245_8 * s + 12345_8, 2147483648_8)
  end function
end module lcg

program monte_carlo_lcg
  use lcg
  implicit none
  integer, parameter :: n = 100000
  integer :: hits, want, i, k
  integer(8) :: s, x, y
  integer(8), parameter :: r = 32768_8

  hits = 0
  !$acc parallel loop reduction(+:hits) private(s, x, y, k)
  do i = 1, n
    s = int(i, 8)
    do k = 1, 3
      s = next(s)
    end do
    x = s / 65536_8
    s = next(s)
    y = s / 65536_8
    if (x * x + y * y < r * r) hits = hits + 1
  end do

  want = 0
  do i = 1, n
    s = int(i, 8)
    do k = 1, 3
      s = next(s)
    end do
    x = s / 65536_8
    s = next(s)
    y = s / 65536_8
    if (x * x + y * y < r * r) want = want + 1
  end do
  if (hits /= want .or. abs(4.0d0 * hits / n - 3.14159d0) > 0.05d0) then
    print *, 'FAIL: monte carlo', hits, want
    stop 1
  end if
  print '(a,i0,a,f6.3)', 'monte carlo: hits = ', hits, ', pi ~ ', 4.0d0 * hits / n
  print '(a)', 'monte carlo: PASS'
end program monte_carlo_lcg
