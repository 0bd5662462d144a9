! reduction_array_scratch.F90: array reductions too large for a private partial per GPU thread
! (each over 2 KiB) whose loops use the array otherwise than by updates of one element with the
! reduction's operator: they read an element into a temporary and store a value computed from it
! (`+` on real(8) and integer(8), `*` on real(4)), or compare and store (`max`, `min`), on 1-D and
! 2-D arrays, with gang vector loops, a gang loop whose worker loop reduces into the gang's
! partial, and a compute-construct reduction whose gang loop has a vector loop reducing into its
! partial. On GPUs each thread keeps its partial in the launch's scratch buffer, and every region
! is offloaded (accc-all-offloaded). The arrays start from non-identity values, which the results
! must include; weights are multiples of 1/8 and products powers of two, so real results are
! exact in any order. gfortran 12 does not take array reductions, so it builds the same loops
! without directives (accc defines ACCRT_OPENACC).
program reduction_array_scratch
  implicit none
  integer, parameter :: n = 100000, nb = 1024, r = 48
  integer :: key(n), top(nb), rtop(nb), low(nb), rlow(nb)
  integer :: g(r, r), rg(r, r)
  integer(8) :: rows(nb), rrows(nb)
  real(8) :: w(n), h(nb), rh(nb), whole(nb), rwhole(nb), old
  real(4) :: p(nb), rp(nb), oldp
  integer :: i, j, k, b, v, errors, oldg
  integer(8) :: t, oldr

  do i = 1, n
    t = iand(int(i - 1, 8) * 2654435761_8, 4294967295_8) / 512
    key(i) = int(t)
    w(i) = mod(key(i), 7) * 0.125d0
  end do
  do b = 1, nb
    h(b) = 0.5d0 * mod(b, 3)
    top(b) = -1
    if (mod(b, 11) == 0) top(b) = 2**30
    low(b) = 2**30
    if (mod(b, 13) == 0) low(b) = -5
    p(b) = 1.0
    if (mod(b, 2) == 0) p(b) = 0.5
    rows(b) = b
    whole(b) = 1.0d0
  end do
  do j = 1, r
    do i = 1, r
      g(i, j) = i - j
    end do
  end do
  rh = h; rtop = top; rlow = low; rp = p; rg = g; rrows = rows; rwhole = whole

  do i = 1, n
    b = mod(key(i), nb) + 1
    v = mod(key(i), 100000)
    rh(b) = rh(b) + w(i)
    rtop(b) = max(rtop(b), v)
    rlow(mod(b * 7, nb) + 1) = min(rlow(mod(b * 7, nb) + 1), v)
    if (mod(i, 97) == 0) rp(mod(b * 3, nb) + 1) = rp(mod(b * 3, nb) + 1) * 2.0
    rg(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) = rg(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) + 1
    rwhole(b) = rwhole(b) + 0.25d0
  end do
  do j = 0, 63
    do k = 0, 511
      rrows(mod(j * 37 + k, nb) + 1) = rrows(mod(j * 37 + k, nb) + 1) + mod(k, 3)
    end do
  end do

#ifdef ACCRT_OPENACC
  !$acc parallel loop copyin(key, w) private(b, v, old) reduction(+:h) reduction(max:top) &
  !$acc reduction(min:low)
  do i = 1, n
    b = mod(key(i), nb) + 1
    v = mod(key(i), 100000)
    old = h(b)
    h(b) = old + w(i)
    if (v > top(b)) top(b) = v
    if (v < low(mod(b * 7, nb) + 1)) low(mod(b * 7, nb) + 1) = v
  end do
  !$acc parallel loop copyin(key) private(b, oldp) reduction(*:p) num_gangs(8) vector_length(64)
  do i = 1, n
    if (mod(i, 97) == 0) then
      b = mod(mod(key(i), nb) * 3 + 3, nb) + 1
      oldp = p(b)
      p(b) = oldp * 2.0
    end if
  end do
  !$acc parallel loop copyin(key) private(oldg) reduction(+:g)
  do i = 1, n
    oldg = g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1)
    g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) = oldg + 1
  end do
  !$acc parallel loop gang reduction(+:rows) num_workers(4) vector_length(32)
  do j = 0, 63
    !$acc loop worker private(oldr) reduction(+:rows)
    do k = 0, 511
      oldr = rows(mod(j * 37 + k, nb) + 1)
      rows(mod(j * 37 + k, nb) + 1) = oldr + mod(k, 3)
    end do
  end do
  !$acc parallel copyin(key) reduction(+:whole)
  !$acc loop gang
  do j = 0, n / 100 - 1
    !$acc loop vector private(old) reduction(+:whole)
    do k = 1, 100
      old = whole(mod(key(j * 100 + k), nb) + 1)
      whole(mod(key(j * 100 + k), nb) + 1) = old + 0.25d0
    end do
  end do
  !$acc end parallel
#else
  do i = 1, n
    b = mod(key(i), nb) + 1
    v = mod(key(i), 100000)
    h(b) = h(b) + w(i)
    top(b) = max(top(b), v)
    low(mod(b * 7, nb) + 1) = min(low(mod(b * 7, nb) + 1), v)
    if (mod(i, 97) == 0) p(mod(b * 3, nb) + 1) = p(mod(b * 3, nb) + 1) * 2.0
    g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) = g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) + 1
    whole(b) = whole(b) + 0.25d0
  end do
  do j = 0, 63
    do k = 0, 511
      rows(mod(j * 37 + k, nb) + 1) = rows(mod(j * 37 + k, nb) + 1) + mod(k, 3)
    end do
  end do
#endif

  errors = count(h /= rh) + count(top /= rtop) + count(low /= rlow) + count(p /= rp) &
       + count(g /= rg) + count(rows /= rrows) + count(whole /= rwhole)
  print '(a, f0.3, 1x, f0.3, 1x, f0.3, 4(1x, i0), a, i0)', 'reduction_array_scratch: ', sum(h), &
       sum(p), sum(whole), sum(mod(top, 1000)), sum(mod(low, 1000)), sum(g), sum(rows), &
       ' errors ', errors
  if (errors /= 0) stop 1
end program reduction_array_scratch
