! complex_power.f90: `**` with complex operands in compute regions and an `acc routine`:
! integer exponents (constants, variables, negative ones: exact repeated multiplication as
! gfortran's pow_c*_i*, compared exactly), complex ** real, complex ** complex, real **
! complex and integer ** complex (exp/log as cpow, compared to a relative tolerance), in
! complex(4) and complex(8). Every result is compared with the same code run on the host.
! Self-checking: a wrong answer stops with status 1. accc-all-offloaded every region
module complex_power_routines
  implicit none
contains
  subroutine cube_root_sum(z, n, r)
    !$acc routine seq
    complex(8), intent(in) :: z
    integer, intent(in) :: n
    complex(8), intent(out) :: r
    r = z ** (1d0 / 3d0) + z ** n + z ** (-n)
  end subroutine
end module

program complex_power
  use complex_power_routines
  implicit none
  integer, parameter :: n = 40
  complex(8) :: z(n), ip(n, 6), hip(n, 6), gp(n, 5), hgp(n, 5), rr(n), hrr(n)
  complex(4) :: s(n), sp(n, 3), hsp(n, 3)
  integer :: e(n), i
  real(8) :: x(n)

  do i = 1, n
    z(i) = cmplx(dble(mod(i * 7, 9)) / 4d0 - 1d0, dble(mod(i * 5, 11)) / 5d0 - 1d0, 8)
    s(i) = cmplx(real(mod(i * 3, 7)) / 3.0 - 1.0, real(mod(i, 5)) / 4.0 - 0.5, 4)
    e(i) = mod(i * 3, 13) - 6
    x(i) = dble(i) / 7d0
  end do
  z(3) = (0d0, 0d0)

  !$acc parallel loop copyin(z, s, e, x) copyout(ip, gp, sp, rr)
  do i = 1, n
    ip(i, 1) = z(i) ** 2
    ip(i, 2) = z(i) ** 5
    ip(i, 3) = z(i) ** e(i)
    ip(i, 4) = z(i) ** (-3)
    ip(i, 5) = (z(i) + (1d0, 0.5d0)) ** (-e(i))
    ip(i, 6) = z(i) ** 0
    gp(i, 1) = (z(i) + (0.5d0, 0d0)) ** 0.5d0
    gp(i, 2) = (z(i) + (1d0, 1d0)) ** (0.25d0, -1.5d0)
    gp(i, 3) = x(i) ** (z(i) / 2)
    gp(i, 4) = 2 ** (z(i) * (0d0, 1d0))
    gp(i, 5) = z(i) ** 1.5d0
    sp(i, 1) = s(i) ** e(i)
    sp(i, 2) = s(i) ** 2.5
    sp(i, 3) = (s(i) + 2) ** s(i)
    call cube_root_sum(z(i) + (0.25d0, 0d0), e(i), rr(i))
  end do

  do i = 1, n
    hip(i, 1) = z(i) ** 2
    hip(i, 2) = z(i) ** 5
    hip(i, 3) = z(i) ** e(i)
    hip(i, 4) = z(i) ** (-3)
    hip(i, 5) = (z(i) + (1d0, 0.5d0)) ** (-e(i))
    hip(i, 6) = z(i) ** 0
    hgp(i, 1) = (z(i) + (0.5d0, 0d0)) ** 0.5d0
    hgp(i, 2) = (z(i) + (1d0, 1d0)) ** (0.25d0, -1.5d0)
    hgp(i, 3) = x(i) ** (z(i) / 2)
    hgp(i, 4) = 2 ** (z(i) * (0d0, 1d0))
    hgp(i, 5) = z(i) ** 1.5d0
    hsp(i, 1) = s(i) ** e(i)
    hsp(i, 2) = s(i) ** 2.5
    hsp(i, 3) = (s(i) + 2) ** s(i)
    call cube_root_sum(z(i) + (0.25d0, 0d0), e(i), hrr(i))
  end do

  ! Integer powers except z(3) = 0 with a negative exponent (an infinity either way).
  do i = 1, n
    if (i == 3) cycle
    if (any(abs(ip(i, :) - hip(i, :)) > 1d-12 * (1 + abs(hip(i, :))))) stop 1
    if (abs(sp(i, 1) - hsp(i, 1)) > 1e-5 * (1 + abs(hsp(i, 1)))) stop 2
    if (abs(rr(i) - hrr(i)) > 1d-12 * (1 + abs(hrr(i)))) stop 3
  end do
  if (any(ip(:, 6) /= (1d0, 0d0))) stop 4
  if (any(abs(gp - hgp) > 1d-13 * (1 + abs(hgp)))) stop 5
  if (any(abs(sp(:, 2:3) - hsp(:, 2:3)) > 1e-5 * (1 + abs(hsp(:, 2:3))))) stop 6
  if (gp(3, 5) /= (0d0, 0d0)) stop 7
  print '(a, 2f14.6)', 'integer powers: ', sum(hip(4:n, 1:2))
  print '(a, 2f14.6)', 'general powers: ', sum(hgp)
end program
