! integer_real_kinds.f90: kind parameters from selected_int_kind and selected_real_kind, and
! kind-specific literals (1_ik, 2.5_dp), in compute regions: integer(1/2/8) wrap-free arithmetic,
! mixed-kind expressions with explicit conversions, a quad-free real(dp) accumulation.
module kinds
  implicit none
  integer, parameter :: i1 = selected_int_kind(2), i2 = selected_int_kind(4)
  integer, parameter :: i8 = selected_int_kind(18)
  integer, parameter :: sp = selected_real_kind(6, 37), dp = selected_real_kind(15, 307)
end module kinds

program integer_real_kinds
  use kinds
  implicit none
  integer, parameter :: n = 120
  integer(i1) :: b(n)
  integer(i2) :: h(n)
  integer(i8) :: w(n)
  real(sp) :: s(n)
  real(dp) :: d(n)
  integer :: i

  !$acc parallel loop copyout(b, h, w, s, d)
  do i = 1, n
    b(i) = int(mod(i, 100) - 50, i1)
    h(i) = int(i, i2) * 200_i2 - 12000_i2
    w(i) = int(i, i8) * 100000000000_i8
    s(i) = real(i, sp) * 0.25_sp
    d(i) = real(w(i), dp) * 1.0e-11_dp + real(h(i), dp) + real(b(i), dp) + real(s(i), dp)
  end do

  do i = 1, n
    if (b(i) /= mod(i, 100) - 50 .or. h(i) /= i * 200 - 12000 .or. &
        w(i) /= i * 100000000000_i8 .or. s(i) /= real(i, sp) / 4.0_sp) then
      print *, 'FAIL: kinds', i
      stop 1
    end if
    if (abs(d(i) - (real(i, dp) + real(i * 200 - 12000, dp) + real(mod(i, 100) - 50, dp) &
                    + real(i, dp) / 4.0_dp)) > 1.0e-9_dp) then
      print *, 'FAIL: mixed', i
      stop 1
    end if
  end do
  if (kind(b) /= 1 .or. kind(h) /= 2 .or. kind(w) /= 8 .or. kind(s) /= 4 .or. kind(d) /= 8) then
    print *, 'FAIL: kind values'
    stop 1
  end if
  print '(a,i0,1x,i0,1x,i0)', 'kinds: ', sum(int(b)), sum(int(h)), sum(w) / 100000000000_i8
  print '(a)', 'kinds: PASS'
end program integer_real_kinds
