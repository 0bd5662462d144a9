! reduction_logical.f90: the logical reduction operators .and. .or. .eqv. .neqv. on logical
! (default kind) and logical(1), on parallel loop and on a loop in a parallel region.
program reduction_logical
  implicit none
  integer, parameter :: n = 1001
  integer :: v(n), i, trues
  logical :: la, lo, le, ln, la2, lo2, ra, ro, re, rn
  logical(1) :: k1

  do i = 1, n
    v(i) = mod(i * 17, 23)
  end do
  la = .true.; lo = .false.; le = .true.; ln = .false.
  la2 = .true.; lo2 = .false.
  !$acc parallel loop copyin(v) reduction(.and.:la, la2) reduction(.or.:lo, lo2) &
  !$acc   reduction(.eqv.:le) reduction(.neqv.:ln)
  do i = 1, n
    la = la .and. v(i) >= 0
    la2 = la2 .and. v(i) /= 5
    lo = lo .or. v(i) == 22
    lo2 = lo2 .or. v(i) > 22
    le = le .eqv. (mod(v(i), 2) == 0)
    ln = ln .neqv. (mod(v(i), 3) == 0)
  end do

  k1 = .false.
  !$acc parallel copyin(v)
  !$acc loop reduction(.neqv.:k1)
  do i = 1, n
    k1 = k1 .neqv. logical(v(i) > 11, 1)
  end do
  !$acc end parallel

  ra = .true.; ro = .false.; re = .true.; rn = .false.
  do i = 1, n
    ra = ra .and. v(i) >= 0
    ro = ro .or. v(i) == 22
    re = re .eqv. (mod(v(i), 2) == 0)
    rn = rn .neqv. (mod(v(i), 3) == 0)
  end do
  trues = count(v > 11)
  if (la .neqv. ra .or. lo .neqv. ro .or. le .neqv. re .or. ln .neqv. rn) then
    print *, 'FAIL: logical reductions'
    stop 1
  end if
  if (la2 .or. lo2 .or. (k1 .neqv. logical(mod(trues, 2) == 1, 1))) then
    print *, 'FAIL: and/or/neqv kind 1'
    stop 1
  end if
  print '(a,7(1x,l1))', 'logical:', la, lo, le, ln, la2, lo2, k1
  print '(a)', 'logical reductions: PASS'
end program reduction_logical
