! reduction_integer_kinds.f90: every integer reduction operator (+ * max min iand ior ieor) on
! integer(1), integer(2), integer(4) and integer(8), on parallel loop, on a loop in a parallel
! region and on kernels loop. Integer results are exact in any order; each is checked against
! a serial loop.
module int_reductions
  implicit none
  integer, parameter :: n = 3000
contains
  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    if (.not. ok) then
      print '(2a)', 'FAIL: ', what
      stop 1
    end if
  end subroutine

  subroutine kind1()
    integer(1) :: v(n), s, p, mx, mn, an, o, x, rs, rp, rmx, rmn, ran, ro, rx
    integer :: i
    do i = 1, n
      v(i) = int(mod(i * 13, 21) - 10, 1)
    end do
    s = 0; p = 1; mx = -huge(mx); mn = huge(mn); an = -1; o = 0; x = 0
    !$acc parallel loop copyin(v) reduction(+:s) reduction(*:p) reduction(max:mx) &
    !$acc   reduction(min:mn) reduction(iand:an) reduction(ior:o) reduction(ieor:x)
    do i = 1, n
      if (mod(i, 300) == 0) s = s + v(i)
      if (mod(i, 500) == 1) p = p * merge(-1_1, 1_1, v(i) < 0)
      mx = max(mx, v(i))
      mn = min(mn, v(i))
      an = iand(an, ior(v(i), 64_1))
      o = ior(o, iand(v(i), 15_1))
      x = ieor(x, v(i))
    end do
    rs = 0; rp = 1; rmx = -huge(rmx); rmn = huge(rmn); ran = -1; ro = 0; rx = 0
    do i = 1, n
      if (mod(i, 300) == 0) rs = rs + v(i)
      if (mod(i, 500) == 1) rp = rp * merge(-1_1, 1_1, v(i) < 0)
      rmx = max(rmx, v(i))
      rmn = min(rmn, v(i))
      ran = iand(ran, ior(v(i), 64_1))
      ro = ior(ro, iand(v(i), 15_1))
      rx = ieor(rx, v(i))
    end do
    call check(s == rs .and. p == rp .and. mx == rmx .and. mn == rmn, 'integer(1) + * max min')
    call check(an == ran .and. o == ro .and. x == rx, 'integer(1) iand ior ieor')
    print '(a,7(1x,i0))', 'integer(1):', s, p, mx, mn, an, o, x
  end subroutine

  subroutine kind2()
    integer(2) :: v(n), s, p, mx, mn, an, o, x, rs, rp, rmx, rmn, ran, ro, rx
    integer :: i
    do i = 1, n
      v(i) = int(mod(i * 37, 2001) - 1000, 2)
    end do
    s = 0; p = 1; mx = -huge(mx); mn = huge(mn); an = -1; o = 0; x = 0
    !$acc parallel copyin(v)
    !$acc loop gang vector reduction(+:s) reduction(*:p) reduction(max:mx) reduction(min:mn) &
    !$acc   reduction(iand:an) reduction(ior:o) reduction(ieor:x)
    do i = 1, n
      if (mod(i, 100) == 0) s = s + v(i)
      if (mod(i, 400) == 3) p = p * 2_2
      mx = max(mx, v(i))
      mn = min(mn, v(i))
      an = iand(an, not(int(ishft(1, mod(i, 15)), 2)))
      o = ior(o, int(ishft(1, mod(i * 7, 15)), 2))
      x = ieor(x, v(i))
    end do
    !$acc end parallel
    rs = 0; rp = 1; rmx = -huge(rmx); rmn = huge(rmn); ran = -1; ro = 0; rx = 0
    do i = 1, n
      if (mod(i, 100) == 0) rs = rs + v(i)
      if (mod(i, 400) == 3) rp = rp * 2_2
      rmx = max(rmx, v(i))
      rmn = min(rmn, v(i))
      ran = iand(ran, not(int(ishft(1, mod(i, 15)), 2)))
      ro = ior(ro, int(ishft(1, mod(i * 7, 15)), 2))
      rx = ieor(rx, v(i))
    end do
    call check(s == rs .and. p == rp .and. mx == rmx .and. mn == rmn, 'integer(2) + * max min')
    call check(an == ran .and. o == ro .and. x == rx, 'integer(2) iand ior ieor')
    print '(a,7(1x,i0))', 'integer(2):', s, p, mx, mn, an, o, x
  end subroutine

  subroutine kind4()
    integer(4) :: v(n), s, p, mx, mn, an, o, x, rs, rp, rmx, rmn, ran, ro, rx
    integer :: i
    do i = 1, n
      v(i) = mod(i * 7919, 100003) - 50000
    end do
    s = 0; p = 1; mx = -huge(mx); mn = huge(mn); an = -1; o = 0; x = 0
    !$acc kernels loop copyin(v) reduction(+:s) reduction(*:p) reduction(max:mx) &
    !$acc   reduction(min:mn) reduction(iand:an) reduction(ior:o) reduction(ieor:x)
    do i = 1, n
      s = s + v(i)
      if (mod(i, 150) == 7) p = p * merge(-3, 1, mod(i, 2) == 0)
      mx = max(mx, v(i))
      mn = min(mn, v(i))
      an = iand(an, ior(v(i), 65535))
      o = ior(o, iand(v(i), 255))
      x = ieor(x, v(i))
    end do
    rs = 0; rp = 1; rmx = -huge(rmx); rmn = huge(rmn); ran = -1; ro = 0; rx = 0
    do i = 1, n
      rs = rs + v(i)
      if (mod(i, 150) == 7) rp = rp * merge(-3, 1, mod(i, 2) == 0)
      rmx = max(rmx, v(i))
      rmn = min(rmn, v(i))
      ran = iand(ran, ior(v(i), 65535))
      ro = ior(ro, iand(v(i), 255))
      rx = ieor(rx, v(i))
    end do
    call check(s == rs .and. p == rp .and. mx == rmx .and. mn == rmn, 'integer(4) + * max min')
    call check(an == ran .and. o == ro .and. x == rx, 'integer(4) iand ior ieor')
    print '(a,7(1x,i0))', 'integer(4):', s, p, mx, mn, an, o, x
  end subroutine

  subroutine kind8()
    integer(8) :: v(n), s, p, mx, mn, an, o, x, rs, rp, rmx, rmn, ran, ro, rx
    integer :: i
    do i = 1, n
      v(i) = int(i, 8) * 4000000007_8 - 6000000000000_8
    end do
    s = 0; p = 1; mx = -huge(mx); mn = huge(mn); an = -1; o = 0; x = 0
    !$acc parallel loop copyin(v) reduction(+:s) reduction(*:p) reduction(max:mx) &
    !$acc   reduction(min:mn) reduction(iand:an) reduction(ior:o) reduction(ieor:x)
    do i = 1, n
      s = s + v(i)
      if (mod(i, 60) == 0) p = p * 3_8
      mx = max(mx, v(i))
      mn = min(mn, v(i))
      an = iand(an, not(ishft(1_8, mod(i, 61))))
      o = ior(o, ishft(1_8, mod(i * 3, 62)))
      x = ieor(x, v(i))
    end do
    rs = 0; rp = 1; rmx = -huge(rmx); rmn = huge(rmn); ran = -1; ro = 0; rx = 0
    do i = 1, n
      rs = rs + v(i)
      if (mod(i, 60) == 0) rp = rp * 3_8
      rmx = max(rmx, v(i))
      rmn = min(rmn, v(i))
      ran = iand(ran, not(ishft(1_8, mod(i, 61))))
      ro = ior(ro, ishft(1_8, mod(i * 3, 62)))
      rx = ieor(rx, v(i))
    end do
    call check(s == rs .and. p == rp .and. mx == rmx .and. mn == rmn, 'integer(8) + * max min')
    call check(an == ran .and. o == ro .and. x == rx, 'integer(8) iand ior ieor')
    print '(a,7(1x,i0))', 'integer(8):', s, p, mx, mn, an, o, x
  end subroutine
end module int_reductions

program reduction_integer_kinds
  use int_reductions
  implicit none
  call kind1()
  call kind2()
  call kind4()
  call kind8()
  print '(a)', 'integer reductions: PASS'
end program reduction_integer_kinds
