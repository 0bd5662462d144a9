! monte_carlo_lcg.f90: Monte-Carlo estimate of pi with an integer linear congruential generator
! per sample (a routine seq function, integer(8) arithmetic modulo 2^31), so the hit count is
! an integer independent of the schedule; compared with the same count done serially.
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
  integer(8) :: s
  real(8) :: x, y

  hits = 0
  !$acc parallel loop reduction(+:hits) private(s, x, y, k)
  do i = 1, n
    s = int(i, 8)
    do k = 1, 3
      s = next(s)
    end do
    x = real(s, 8) / 2147483648.0d0
    s = next(s)
    y = real(s, 8) / 2147483648.0d0
    if (x * x + y * y <= 1.0d0) hits = hits + 1
  end do

  want = 0
  do i = 1, n
    s = int(i, 8)
    do k = 1, 3
      s = next(s)
    end do
    x = real(s, 8) / 2147483648.0d0
    s = next(s)
    y = real(s, 8) / 2147483648.0d0
    if (x * x + y * y <= 1.0d0) want = want + 1
  end do
  if (hits /= want .or. abs(4.0d0 * hits / n - 3.14159d0) > 0.05d0) then
    print *, 'FAIL: monte carlo', hits, want
    stop 1
  end if
  print '(a,i0,a,f6.3)', 'monte carlo: hits = ', hits, ', pi ~ ', 4.0d0 * hits / n
  print '(a)', 'monte carlo: PASS'
end program monte_carlo_lcg
