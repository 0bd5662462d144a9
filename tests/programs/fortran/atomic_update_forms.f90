! atomic_update_forms.f90: atomic update in every Fortran form: x = x op expr and x = expr op x
! for + - * / (integer, real(8)), .and. .or. .eqv. .neqv. (logical), and the intrinsic forms
! x = max/min/iand/ior/ieor(x, expr) and (expr, x); with and without the `update` keyword and
! `end atomic`. Operands are chosen so that every order gives the same exact result.
program atomic_update_forms
  implicit none
  integer, parameter :: n = 1024
  integer :: i, s, d, m, p, q, mx, mn, an, o, x, mx2
  real(8) :: r, rd, rp, rq
  logical :: la, lo, le, ln

  s = 0; d = 1000000; m = 1; p = 0; q = 0
  r = 0.0d0; rd = 0.0d0; rp = 1.0d0; rq = 2.0d0
  mx = -1; mn = 100000; an = -1; o = 0; x = 0; mx2 = 0
  la = .true.; lo = .false.; le = .true.; ln = .false.
  !$acc parallel loop copy(s, d, m, p, q, r, rd, rp, rq, mx, mn, an, o, x, mx2, la, lo, le, ln)
  do i = 1, n
    !$acc atomic update
    s = s + i
    !$acc atomic
    d = d - i
    !$acc atomic update
    p = 2 + p
    !$acc end atomic
    !$acc atomic
    q = 10 - q    ! x = expr - x: an involution, so an even count restores q
    if (mod(i, 256) == 0) then
      !$acc atomic
      m = m * 3
    end if
    !$acc atomic update
    r = r + 0.5d0
    !$acc atomic
    rd = 0.25d0 - rd
    !$acc atomic update
    rq = 8.0d0 / rq
    if (mod(i, 512) == 0) then
      !$acc atomic
      rp = rp / 4.0d0
    end if
    !$acc atomic
    mx = max(mx, mod(i * 7, 1000))
    !$acc atomic
    mn = min(mod(i * 13, 997) + 3, mn)
    !$acc atomic
    an = iand(an, not(ishft(1, mod(i, 20))))
    !$acc atomic
    o = ior(ishft(1, mod(i, 25)), o)
    !$acc atomic
    x = ieor(x, i)
    !$acc atomic
    mx2 = max(mx2, i, 5)
    !$acc atomic
    la = la .and. i > 0
    !$acc atomic
    lo = i == 700 .or. lo
    !$acc atomic
    le = le .eqv. .true.
    !$acc atomic
    ln = ln .neqv. (mod(i, 2) == 0)
  end do

  call expect(s == n * (n + 1) / 2, 'x = x + expr')
  call expect(d == 1000000 - n * (n + 1) / 2, 'x = x - expr')
  call expect(p == 2 * n, 'x = expr + x')
  call expect(m == 81, 'x = x * expr')
  call expect(q == 0, 'x = expr - x (even count)')
  call expect(r == 0.5d0 * n, 'real x = x + expr')
  call expect(rd == 0.0d0, 'real x = expr - x (even count)')
  call expect(rq == 2.0d0, 'real x = expr / x (even count)')
  call expect(rp == 1.0d0 / 16.0d0, 'real x = x / expr')
  call expect(mx == 999 .and. mn == 3, 'max/min')
  call expect(an == not(ishft(1, 20) - 1), 'iand')
  call expect(o == ishft(1, 25) - 1, 'ior')
  call expect(x == ieor_all(n), 'ieor')
  call expect(mx2 == n, 'max with three arguments')
  call expect(la .and. lo .and. le .and. .not. ln, 'logical forms')
  print '(a,5(1x,i0))', 'atomic update:', s, d, p, m, x
  print '(a)', 'atomic update: PASS'
contains
  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    if (.not. ok) then
      print '(2a)', 'FAIL: ', what
      stop 1
    end if
  end subroutine
  integer function ieor_all(k)
    integer, intent(in) :: k
    integer :: j
    ieor_all = 0
    do j = 1, k
      ieor_all = ieor(ieor_all, j)
    end do
  end function
end program atomic_update_forms
