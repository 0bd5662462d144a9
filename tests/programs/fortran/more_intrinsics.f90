! Elemental intrinsics in device code beyond the C library's: the inverse hyperbolic
! functions, dim (positive difference) of integers and reals, dprod, ieee_is_nan and GNU isnan,
! and bit_size (a constant of the argument's kind). Each result is compared with the same
! expression evaluated on the host. accc-all-offloaded
program more_intrinsics
  use, intrinsic :: ieee_arithmetic
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n), h(n, 3), d(n), hh(n, 3), dh(n)
  real :: s(n), p(n), ph(n)
  integer :: k(n), b(n), kh(n), bh(n), i, errors
  real(8) :: zero
  zero = 0
  do i = 1, n
    x(i) = (i - 20) * 0.125d0
    s(i) = i * 0.3
  end do
  x(7) = zero / zero
  !$acc parallel loop copyin(x, s) copyout(h, d, p, k, b)
  do i = 1, n
    h(i, 1) = asinh(x(i))
    h(i, 2) = acosh(abs(x(i)) + 1)
    h(i, 3) = atanh(x(i) / 8)
    d(i) = dim(x(i), 0.5d0)
    p(i) = dim(s(i), 7.0) + real(dprod(s(i), 2.0))
    k(i) = idim(i, 30) + merge(1000, 0, ieee_is_nan(x(i))) + merge(10000, 0, isnan(x(i)))
    b(i) = bit_size(i) + bit_size(int(i, 8))
  end do
  do i = 1, n
    hh(i, 1) = asinh(x(i))
    hh(i, 2) = acosh(abs(x(i)) + 1)
    hh(i, 3) = atanh(x(i) / 8)
    dh(i) = dim(x(i), 0.5d0)
    ph(i) = dim(s(i), 7.0) + real(dprod(s(i), 2.0))
    kh(i) = idim(i, 30) + merge(1000, 0, ieee_is_nan(x(i))) + merge(10000, 0, isnan(x(i)))
    bh(i) = bit_size(i) + bit_size(int(i, 8))
  end do
  errors = 0
  do i = 1, n
    if (i == 7) then
      if (.not. all(ieee_is_nan(h(i, :))) .or. .not. ieee_is_nan(d(i))) errors = errors + 1
    else
      if (any(abs(h(i, :) - hh(i, :)) > 1d-14 * (1 + abs(hh(i, :))))) errors = errors + 1
      if (d(i) /= dh(i)) errors = errors + 1
    end if
    if (p(i) /= ph(i) .or. k(i) /= kh(i) .or. b(i) /= bh(i)) errors = errors + 1
  end do
  print *, sum(k), sum(b), count(d > 0)
  if (errors /= 0) then
    print *, 'more_intrinsics: FAILED', errors
    stop 1
  end if
end program
