! intrinsics.f90: intrinsic procedures inside compute regions (abs sqrt exp log sin cos tan
! atan2 min max mod modulo sign real dble int nint floor ceiling size lbound ubound merge huge
! tiny epsilon), compared with the same intrinsics on the host: integer results exactly, real
! results within a few ulps (device math libraries may round differently).
program intrinsics
  implicit none
  integer, parameter :: n = 200
  real(8) :: x(n), r(10, n), want
  real(4) :: y(n), r4(3, n)
  integer :: iv(12, n), arr(-3:6), i, k
  integer :: qs(6)

  do i = 1, n
    x(i) = (real(i, 8) - 100.5d0) / 17.0d0
    y(i) = real(i - 100, 4) / 7.0
  end do
  arr = 0
  !$acc parallel loop copyin(x, y, arr) copyout(r, r4, iv)
  do i = 1, n
    r(1, i) = abs(x(i))
    r(2, i) = sqrt(abs(x(i)) + 1.0d0)
    r(3, i) = exp(x(i) / 4.0d0)
    r(4, i) = log(abs(x(i)) + 0.5d0)
    r(5, i) = sin(x(i))
    r(6, i) = cos(x(i))
    r(7, i) = tan(x(i) / 8.0d0)
    r(8, i) = atan2(x(i), 1.5d0)
    r(9, i) = dble(y(i)) + real(i, 8)
    r(10, i) = sign(2.0d0, x(i)) + min(x(i), 0.5d0) + max(x(i), -0.5d0)
    r4(1, i) = sqrt(abs(y(i)))
    r4(2, i) = sin(y(i)) + cos(y(i))
    r4(3, i) = real(i, 4) * epsilon(1.0) + tiny(1.0)
    iv(1, i) = mod(i - 100, 7)
    iv(2, i) = modulo(i - 100, 7)
    iv(3, i) = int(x(i) * 3.0d0)
    iv(4, i) = nint(x(i) * 3.0d0)
    iv(5, i) = floor(x(i))
    iv(6, i) = ceiling(x(i))
    iv(7, i) = sign(i, 50 - i)
    iv(8, i) = min(i, 150, 3 * i - 100) + max(i - 120, 0)
    iv(9, i) = size(arr) + lbound(arr, 1) * 100 + ubound(arr, 1) * 10000
    iv(10, i) = merge(1, -1, x(i) > 0.0d0)
    iv(11, i) = merge(1, 0, huge(i) == 2147483647) + merge(2, 0, epsilon(1.0d0) < 1.0d-15)
    iv(12, i) = abs(i - 100) + int(real(i, 4) / 3.0) + nint(dble(i) / 4.0d0)
  end do

  do i = 1, n
    do k = 1, 10
      select case (k)
      case (1); want = abs(x(i))
      case (2); want = sqrt(abs(x(i)) + 1.0d0)
      case (3); want = exp(x(i) / 4.0d0)
      case (4); want = log(abs(x(i)) + 0.5d0)
      case (5); want = sin(x(i))
      case (6); want = cos(x(i))
      case (7); want = tan(x(i) / 8.0d0)
      case (8); want = atan2(x(i), 1.5d0)
      case (9); want = dble(y(i)) + real(i, 8)
      case default; want = sign(2.0d0, x(i)) + min(x(i), 0.5d0) + max(x(i), -0.5d0)
      end select
      if (abs(r(k, i) - want) > 8.0d0 * epsilon(want) * max(1.0d0, abs(want))) then
        print *, 'FAIL: real(8) intrinsic', k, i
        stop 1
      end if
    end do
    if (abs(r4(1, i) - sqrt(abs(y(i)))) > 4.0 * epsilon(1.0) * max(1.0, sqrt(abs(y(i)))) .or. &
        abs(r4(2, i) - (sin(y(i)) + cos(y(i)))) > 8.0 * epsilon(1.0) .or. &
        r4(3, i) /= real(i, 4) * epsilon(1.0) + tiny(1.0)) then
      print *, 'FAIL: real(4) intrinsic', i
      stop 1
    end if
    if (iv(1, i) /= mod(i - 100, 7) .or. iv(2, i) /= modulo(i - 100, 7) .or. &
        iv(3, i) /= int(x(i) * 3.0d0) .or. iv(4, i) /= nint(x(i) * 3.0d0) .or. &
        iv(5, i) /= floor(x(i)) .or. iv(6, i) /= ceiling(x(i)) .or. &
        iv(7, i) /= sign(i, 50 - i) .or. iv(8, i) /= min(i, 150, 3 * i - 100) + max(i - 120, 0) .or. &
        iv(9, i) /= 10 - 300 + 60000 .or. iv(10, i) /= merge(1, -1, x(i) > 0.0d0) .or. &
        iv(11, i) /= 3 .or. &
        iv(12, i) /= abs(i - 100) + int(real(i, 4) / 3.0) + nint(dble(i) / 4.0d0)) then
      print *, 'FAIL: integer intrinsic', i
      stop 1
    end if
  end do
  ! Print only the integer results and a few exact real ones.
  do k = 1, 6
    qs(k) = sum(iv(k, :))
  end do
  print '(a,6(1x,i0))', 'intrinsics:', qs
  print '(a,3(1x,i0))', 'intrinsics:', sum(iv(7:12, :)), nint(sum(r(1, :)) * 17.0d0), nint(r(9, n))
  print '(a)', 'intrinsics: PASS'
end program intrinsics
