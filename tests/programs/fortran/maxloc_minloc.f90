! maxloc_minloc.f90: `maxloc` and `minloc` with `dim=1` as scalars in compute regions and a
! device routine: whole arrays with a lower bound other than 1 (positions relative to the first
! element), strided sections, array expressions, `mask=` (also masking everything out), `back=`
! (constant and variable), ties, empty sections, integer arrays, and NaN elements (passed over;
! an all-NaN array gives its first position, as gfortran). Every result is compared with the
! same statements run on the host. Self-checking: a wrong answer stops with status 1.
! accc-all-offloaded every region and routine
module loc_routines
  implicit none
contains
  integer function argmax_column(a, n, m, j) result(k)
    !$acc routine seq
    integer, intent(in) :: n, m, j
    real(8), intent(in) :: a(n, m)
    k = maxloc(a(:, j), dim=1, mask=a(:, j) < 5d0) * 100 + minloc(a(:, j), 1, back=.true.)
  end function
end module

program maxloc_minloc
  use loc_routines
  implicit none
  integer, parameter :: n = 20, m = 6
  real(8) :: a(n, m), v(-3:16), w(8), nan
  integer :: iv(n), res(16, m), hres(16, m), i, j, lo, hi
  logical :: late

  do j = 1, m
    do i = 1, n
      a(i, j) = dble(mod(i * 7 + j * 5, 9))
    end do
  end do
  do i = -3, 16
    v(i) = dble(mod(i * i, 7)) - 3d0
  end do
  do i = 1, n
    iv(i) = mod(i * 11, 6)
  end do
  nan = 0d0
  nan = nan / nan
  w = [1d0, nan, 3d0, nan, 3d0, -2d0, nan, -2d0]
  lo = 5; hi = 2; late = .true.
  res = -1; hres = -1

  !$acc parallel loop copyin(a, v, iv, w, lo, hi, late) copy(res)
  do j = 1, m
    res(1, j) = maxloc(a(:, j), dim=1)
    res(2, j) = minloc(a(:, j), dim=1)
    res(3, j) = maxloc(a(:, j), 1, back=.true.)
    res(4, j) = minloc(a(:, j), 1, back=late)
    res(5, j) = maxloc(v, 1) + 10 * minloc(v, 1)
    res(6, j) = maxloc(v(0:16:3), 1, mask=v(0:16:3) < dble(j - 3))
    res(7, j) = minloc(a(:, j) * v(-3:16), 1, mask=a(:, j) > 100d0)
    res(8, j) = maxloc(iv, dim=1, back=j > 3) + 100 * minloc(iv, dim=1)
    res(9, j) = maxloc(a(lo:hi, j), 1) + minloc(a(lo:hi, j), 1)
    res(10, j) = maxloc(w, 1) * 10 + minloc(w, 1)
    res(11, j) = maxloc(w, 1, back=.true.) * 10 + minloc(w, 1, back=.true.)
    res(12, j) = maxloc(w, 1, mask=w /= w) * 10 + minloc(w(2::3), 1)
    res(13, j) = argmax_column(a, n, m, j)
    res(14, j) = maxloc(abs(v - dble(j)), 1) - minloc(a(n:1:-2, j), 1)
  end do
  do j = 1, m
    hres(1, j) = maxloc(a(:, j), dim=1)
    hres(2, j) = minloc(a(:, j), dim=1)
    hres(3, j) = maxloc(a(:, j), 1, back=.true.)
    hres(4, j) = minloc(a(:, j), 1, back=late)
    hres(5, j) = maxloc(v, 1) + 10 * minloc(v, 1)
    hres(6, j) = maxloc(v(0:16:3), 1, mask=v(0:16:3) < dble(j - 3))
    hres(7, j) = minloc(a(:, j) * v(-3:16), 1, mask=a(:, j) > 100d0)
    hres(8, j) = maxloc(iv, dim=1, back=j > 3) + 100 * minloc(iv, dim=1)
    hres(9, j) = maxloc(a(lo:hi, j), 1) + minloc(a(lo:hi, j), 1)
    hres(10, j) = maxloc(w, 1) * 10 + minloc(w, 1)
    hres(11, j) = maxloc(w, 1, back=.true.) * 10 + minloc(w, 1, back=.true.)
    hres(12, j) = maxloc(w, 1, mask=w /= w) * 10 + minloc(w(2::3), 1)
    hres(13, j) = argmax_column(a, n, m, j)
    hres(14, j) = maxloc(abs(v - dble(j)), 1) - minloc(a(n:1:-2, j), 1)
  end do
  if (any(res /= hres)) then
    do j = 1, m
      print *, res(1:14, j)
      print *, hres(1:14, j)
    end do
    stop 1
  end if
  print '(a, i8)', 'maxloc/minloc: ', sum(res(1:14, :) * spread([(i, i = 1, 14)], 2, m))
end program
