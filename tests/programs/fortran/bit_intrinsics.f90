! Bit intrinsics in a compute region: not, ishft (both directions and past the width),
! shiftl/shiftr/shifta, ibset/ibclr/btest, ibits, on default and 8-byte integers. Each result
! is checked against the same expression evaluated on the host.
program bit_intrinsics
  implicit none
  integer, parameter :: n = 80
  integer :: i, errors
  integer :: v(n), s(n), r(n, 10), h(n, 10)
  integer(8) :: v8(n), r8(n, 3), h8(n, 3)
  logical :: t(n), ht(n)

  do i = 1, n
    v(i) = (i - 40) * 104729 + ieor(i, 85)
    s(i) = mod(i * 7, 71) - 35
    v8(i) = int(v(i), 8) * 1000003_8
  end do

  !$acc parallel loop copyin(v, s, v8) copyout(r, r8, t)
  do i = 1, n
    r(i, 1) = not(v(i))
    r(i, 2) = ishft(v(i), s(i))
    r(i, 3) = shiftl(v(i), abs(s(i)) / 2)
    r(i, 4) = shiftr(v(i), abs(s(i)) / 2)
    r(i, 5) = shifta(v(i), abs(s(i)) / 2)
    r(i, 6) = ibset(v(i), mod(i, 32))
    r(i, 7) = ibclr(v(i), mod(i * 3, 32))
    r(i, 8) = ibits(v(i), mod(i, 20), mod(i, 13))
    r(i, 9) = ishft(v(i), 32 * (mod(i, 3) - 1))
    r(i, 10) = ibits(v(i), 0, 32) + shiftl(1, 31) + shifta(v(i), 31)
    t(i) = btest(v(i), mod(i, 32))
    r8(i, 1) = ishft(v8(i), s(i))
    r8(i, 2) = not(v8(i)) + shifta(v8(i), 63)
    r8(i, 3) = ibits(ibset(v8(i), 62), mod(i, 60), 4)
  end do

  do i = 1, n
    h(i, 1) = not(v(i))
    h(i, 2) = ishft(v(i), s(i))
    h(i, 3) = shiftl(v(i), abs(s(i)) / 2)
    h(i, 4) = shiftr(v(i), abs(s(i)) / 2)
    h(i, 5) = shifta(v(i), abs(s(i)) / 2)
    h(i, 6) = ibset(v(i), mod(i, 32))
    h(i, 7) = ibclr(v(i), mod(i * 3, 32))
    h(i, 8) = ibits(v(i), mod(i, 20), mod(i, 13))
    h(i, 9) = ishft(v(i), 32 * (mod(i, 3) - 1))
    h(i, 10) = ibits(v(i), 0, 32) + shiftl(1, 31) + shifta(v(i), 31)
    ht(i) = btest(v(i), mod(i, 32))
    h8(i, 1) = ishft(v8(i), s(i))
    h8(i, 2) = not(v8(i)) + shifta(v8(i), 63)
    h8(i, 3) = ibits(ibset(v8(i), 62), mod(i, 60), 4)
  end do

  errors = count(r /= h) + count(r8 /= h8) + count(t .neqv. ht)
  print '(a, i0)', 'bit intrinsics: mismatches ', errors
  print '(a, i0, a, i0)', 'checksums ', sum(mod(r(:, 8), 1000)), ' ', count(t)
  if (errors /= 0) stop 1
end program
