! histogram_atomic.f90: a histogram of pseudo-random integer samples with atomic update on the
! shared bins (integer(4) and integer(8) counters, a 2-D histogram), compared with a serial count.
! (The samples are computed in integer(8): in default integers i * 7919 + (i / 13) * 104729
! overflows, and at -O0 the negative samples indexed bins(0) and below.)
program histogram_atomic
  implicit none
  integer, parameter :: n = 200000, nb = 64
  integer :: samples(n), bins(nb), want(nb), h2(8, 8), i, b
  integer(8) :: weight(nb)

  do i = 1, n
    samples(i) = int(mod(int(i, 8) * 7919 + int(i / 13, 8) * 104729, 100003_8))
  end do
  bins = 0
  weight = 0
  h2 = 0
  !$acc parallel loop copyin(samples) copy(bins, weight, h2) private(b)
  do i = 1, n
    b = mod(samples(i), nb) + 1
    !$acc atomic update
    bins(b) = bins(b) + 1
    !$acc atomic
    weight(b) = weight(b) + int(samples(i), 8)
    !$acc atomic
    h2(mod(samples(i), 8) + 1, mod(samples(i) / 8, 8) + 1) = &
      h2(mod(samples(i), 8) + 1, mod(samples(i) / 8, 8) + 1) + 1
  end do

  want = 0
  do i = 1, n
    b = mod(samples(i), nb) + 1
    want(b) = want(b) + 1
  end do
  if (any(bins /= want) .or. sum(bins) /= n) then
    print *, 'FAIL: bins'
    stop 1
  end if
  if (sum(weight) /= sum(int(samples, 8)) .or. sum(h2) /= n .or. &
      any(reshape(h2, [nb]) /= want)) then
    print *, 'FAIL: weights or 2-D histogram'
    stop 1
  end if
  print '(a,3(1x,i0))', 'histogram:', maxval(bins), minval(bins), sum(weight)
  print '(a)', 'histogram: PASS'
end program histogram_atomic
