! reduction_dim_mask.f90: array reduction intrinsics with `mask=` and `dim=` in compute
! regions and an `acc routine`: `sum`, `product`, `maxval`, `minval` with a mask (keyword and
! positional), `count`/`any`/`all` with `dim`, rank-1 arguments with `dim=1` inside scalar
! expressions, and `dim` forms as the right side of array assignments (`b = sum(a, dim=2)`,
! `r(:) = maxval(c(:, :, k), dim=1)`, with a mask, combined with other operands). Every result
! is compared with the same statements run on the host.
! Self-checking: a wrong answer stops with status 1. accc-all-offloaded every region
module dim_mask_routines
  implicit none
contains
  subroutine column_stats(m, rows, cols, total, top)
    !$acc routine seq
    integer, intent(in) :: rows, cols
    real(8), intent(in) :: m(rows, cols)
    real(8), intent(out) :: total(cols), top(rows)
    total = sum(m, dim=1, mask=m > 0)
    top = maxval(m, 2)
  end subroutine
end module

program reduction_dim_mask
  use dim_mask_routines
  implicit none
  integer, parameter :: n = 12, m = 5, p = 3
  real(8) :: a(n, m), c(m, n, p), v(n)
  real(8) :: s(n), hs(n), r(n, p), hr(n, p), col(m), hcol(m), tot(m), htot(m), top(n), htop(n)
  real(8) :: x(8), hx(8)
  integer :: cnt(m), hcnt(m), iv(n), k, i, j
  logical :: anyc(n), hanyc(n), allr(m), hallr(m)

  do j = 1, m
    do i = 1, n
      a(i, j) = dble(mod(i * 7 + j * 3, 11)) - 4.5d0
    end do
  end do
  do k = 1, p
    do j = 1, n
      do i = 1, m
        c(i, j, k) = dble(mod(i * 5 + j + k * 7, 13)) - 6d0
      end do
    end do
  end do
  do i = 1, n
    v(i) = dble(mod(i * 5, 9)) - 3d0
    iv(i) = mod(i * 3, 7) - 2
  end do

  !$acc parallel copyin(a, c, v, iv) copyout(s, r, col, cnt, anyc, allr, x, tot, top)
  s = sum(a, dim=2)
  !$acc loop
  do k = 1, p
    r(:, k) = maxval(c(:, :, k), dim=1)
  end do
  col = minval(a, dim=1, mask=a > -3) + 1
  cnt = count(a > 0, dim=1)
  anyc = any(a < -4, 2)
  allr = all(a > -5, dim=1)
  x(1) = sum(v, mask=v > 0)
  x(2) = product(v, v /= 0)
  x(3) = maxval(v, mask=v < 2)
  x(4) = minval(v, mask=v > 100)
  x(5) = sum(v, dim=1) * 2 + maxval(v, 1)
  x(6) = count(iv > 0, dim=1) + sum(iv, mask=iv < 0)
  x(7) = product(a(2, :), dim=1, mask=a(2, :) > 0)
  x(8) = merge(1d0, 0d0, any(v > 4, dim=1)) + merge(1d0, 0d0, all(iv > -3, 1))
  call column_stats(a, n, m, tot, top)
  !$acc end parallel

  hs = sum(a, dim=2)
  do k = 1, p
    hr(:, k) = maxval(c(:, :, k), dim=1)
  end do
  hcol = minval(a, dim=1, mask=a > -3) + 1
  hcnt = count(a > 0, dim=1)
  hanyc = any(a < -4, 2)
  hallr = all(a > -5, dim=1)
  hx(1) = sum(v, mask=v > 0)
  hx(2) = product(v, v /= 0)
  hx(3) = maxval(v, mask=v < 2)
  hx(4) = minval(v, mask=v > 100)
  hx(5) = sum(v, dim=1) * 2 + maxval(v, 1)
  hx(6) = count(iv > 0, dim=1) + sum(iv, mask=iv < 0)
  hx(7) = product(a(2, :), dim=1, mask=a(2, :) > 0)
  hx(8) = merge(1d0, 0d0, any(v > 4, dim=1)) + merge(1d0, 0d0, all(iv > -3, 1))
  call column_stats(a, n, m, htot, htop)

  if (any(s /= hs)) stop 1
  if (any(r /= hr)) stop 2
  if (any(col /= hcol)) stop 3
  if (any(cnt /= hcnt)) stop 4
  if (any(anyc .neqv. hanyc) .or. any(allr .neqv. hallr)) stop 5
  if (any(x /= hx)) stop 6
  if (any(tot /= htot) .or. any(top /= htop)) stop 7
  print '(a, 4f12.3, 2i4)', 'dim/mask: ', sum(s), sum(r), sum(col), sum(x(1:3)) + sum(x(5:8)), sum(cnt), count(anyc)
  print '(a, 2f12.3)', 'routine: ', sum(tot), sum(top)
end program
