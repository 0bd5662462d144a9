! reduction_array_large.F90: array reductions too large for a private partial per GPU thread
! (each over 2 KiB): 4096-bin histograms with `+` on real(8) and integer (`h(k) = h(k) + x`,
! `c(k) = 1 + c(k)`, `d(k) = d(k) - x`), `max` on integer (`m(k) = max(m(k), x)`), a 2-D array,
! and a compute-construct reduction with a gang loop and a vector loop nested in it. Every use
! is an update of one element with the reduction's operator, so GPUs update the device copy
! atomically and every region is offloaded (accc-all-offloaded). The arrays start from
! non-identity values, which the results must include; weights are multiples of 1/8, so the
! real sums are exact in any order. gfortran 12 does not take array reductions, so it builds
! the atomic version of the same loops (accc defines ACCRT_OPENACC).
program reduction_array_large
  implicit none
  integer, parameter :: n = 200000, nb = 4096, r = 64
  integer :: key(n), c(nb), rc(nb), d(0:nb-1), rd(0:nb-1), m(nb), rm(nb)
  integer :: g(r, r), rg(r, r), big(nb), rbig(nb)
  real(8) :: w(n), h(nb), rh(nb)
  integer :: i, j, k, b, errors
  integer(8) :: t

  do i = 1, n
    t = iand(int(i - 1, 8) * 2654435761_8, 4294967295_8) / 512
    key(i) = int(t)
    w(i) = mod(key(i), 7) * 0.125d0
  end do
  do b = 1, nb
    h(b) = 0.5d0 * mod(b, 3)
    c(b) = mod(b, 5)
    d(b - 1) = 1000
    m(b) = -1
    if (mod(b, 11) == 0) m(b) = 2**30
    big(b) = b
  end do
  do j = 1, r
    do i = 1, r
      g(i, j) = i - j
    end do
  end do
  rh = h; rc = c; rd = d; rm = m; rg = g; rbig = big

#ifdef ACCRT_OPENACC
  !$acc parallel loop copyin(key, w) reduction(+:h, c, d) reduction(max:m)
  do i = 1, n
    h(mod(key(i), nb) + 1) = h(mod(key(i), nb) + 1) + w(i)
    c(mod(key(i), nb) + 1) = 1 + c(mod(key(i), nb) + 1)
    d(mod(key(i) * 7, nb)) = d(mod(key(i) * 7, nb)) - mod(key(i), 3)
    m(mod(key(i), nb) + 1) = max(m(mod(key(i), nb) + 1), mod(key(i), 100000))
  end do
  !$acc parallel loop copyin(key) reduction(+:g)
  do i = 1, n
    g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) = g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) + 1
  end do
  !$acc parallel copyin(key) reduction(+:big)
  !$acc loop gang reduction(+:big)
  do j = 0, n / 100 - 1
    !$acc loop vector reduction(+:big)
    do k = 1, 100
      big(mod(key(j * 100 + k), nb) + 1) = big(mod(key(j * 100 + k), nb) + 1) + mod(key(j * 100 + k), 3)
    end do
  end do
  !$acc end parallel
#else
  !$acc parallel loop copyin(key, w) copy(h, c, d)
  do i = 1, n
    !$acc atomic update
    h(mod(key(i), nb) + 1) = h(mod(key(i), nb) + 1) + w(i)
    !$acc atomic update
    c(mod(key(i), nb) + 1) = 1 + c(mod(key(i), nb) + 1)
    !$acc atomic update
    d(mod(key(i) * 7, nb)) = d(mod(key(i) * 7, nb)) - mod(key(i), 3)
  end do
  !$acc serial loop copyin(key) copy(m)
  do i = 1, n
    m(mod(key(i), nb) + 1) = max(m(mod(key(i), nb) + 1), mod(key(i), 100000))
  end do
  !$acc parallel loop copyin(key) copy(g)
  do i = 1, n
    !$acc atomic update
    g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) = g(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) + 1
  end do
  !$acc parallel loop copyin(key) copy(big)
  do i = 1, n
    !$acc atomic update
    big(mod(key(i), nb) + 1) = big(mod(key(i), nb) + 1) + mod(key(i), 3)
  end do
#endif

  do i = 1, n
    b = mod(key(i), nb) + 1
    rh(b) = rh(b) + w(i)
    rc(b) = rc(b) + 1
    rd(mod(key(i) * 7, nb)) = rd(mod(key(i) * 7, nb)) - mod(key(i), 3)
    rm(b) = max(rm(b), mod(key(i), 100000))
    rg(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) = rg(mod(key(i), r) + 1, mod(key(i) / r, r) + 1) + 1
    rbig(b) = rbig(b) + mod(key(i), 3)
  end do
  errors = count(h /= rh) + count(c /= rc) + count(d /= rd) + count(m /= rm) + count(g /= rg) &
       + count(big /= rbig)
  print '(a, f0.3, 5(1x, i0), a, i0)', 'reduction_array_large: ', sum(h), sum(c), sum(d), &
       sum(mod(m, 1000)), sum(g), sum(big), ' errors ', errors
  if (errors /= 0) stop 1
end program reduction_array_large
