! maxloc_arrays.f90: `maxloc` and `minloc` whose results are arrays, in compute regions: without
! `dim` (the subscripts of the first, or with `back=` the last, selected extremum in array
! element order, zeros when `mask=` selects nothing; not `mask=` and `back=` together: the
! host fallback's gfortran 12 gets that wrong for rank 2) of rank-1, rank-2 and rank-3 arguments
! and sections with lower bounds other than 1, and with `dim=` of rank-2 and rank-3 arguments
! (one search along `dim` per element of the result). Every result is compared with the same
! statements run on the host. Self-checking: a wrong answer stops with status 1.
! accc-all-offloaded every region
program maxloc_arrays
  implicit none
  integer, parameter :: n1 = 7, n2 = 5, m = 4
  real(8) :: b(n1, n2, m), v(0:12)
  integer :: c(-2:3, 0:4, 3)
  integer :: pos(2, m), hpos(2, m), last(2, m), hlast(2, m), none(2, m), hnone(2, m)
  integer :: rows(n1, m), hrows(n1, m), cols(n2, m), hcols(n2, m), p1(1, m), hp1(1, m)
  integer :: p3(3), hp3(3), along(-2:3, 3), halong(-2:3, 3)
  integer :: i, j, k

  do k = 1, m
    do j = 1, n2
      do i = 1, n1
        b(i, j, k) = dble(mod(i * 5 + j * 3 + k * 7, 11))
      end do
    end do
  end do
  do i = 0, 12
    v(i) = dble(mod(i * i + 3, 13))
  end do
  do k = 1, 3
    do j = 0, 4
      do i = -2, 3
        c(i, j, k) = mod(i * i + j * 4 + k * 9, 10)
      end do
    end do
  end do

  !$acc parallel loop copyin(b, v) copyout(pos, last, none, rows, cols, p1)
  do k = 1, m
    pos(:, k) = maxloc(b(:, :, k))
    last(:, k) = minloc(b(:, :, k), mask=b(:, :, k) > 2d0)
    none(:, k) = maxloc(b(:, :, k), mask=b(:, :, k) > 100d0)
    rows(:, k) = maxloc(b(:, :, k), dim=2)
    cols(:, k) = minloc(b(:, :, k), 1, back=k > 2)
    p1(:, k) = maxloc(v(k:12), back=.true.)
  end do
  !$acc serial copyin(c) copyout(p3, along)
  p3 = minloc(c)
  along = maxloc(c, dim=2)
  !$acc end serial

  do k = 1, m
    hpos(:, k) = maxloc(b(:, :, k))
    hlast(:, k) = minloc(b(:, :, k), mask=b(:, :, k) > 2d0)
    hnone(:, k) = maxloc(b(:, :, k), mask=b(:, :, k) > 100d0)
    hrows(:, k) = maxloc(b(:, :, k), dim=2)
    hcols(:, k) = minloc(b(:, :, k), 1, back=k > 2)
    hp1(:, k) = maxloc(v(k:12), back=.true.)
  end do
  hp3 = minloc(c)
  halong = maxloc(c, dim=2)

  if (any(pos /= hpos) .or. any(last /= hlast) .or. any(none /= hnone)) then
    print *, 'pos ', pos, ' / ', hpos
    print *, 'last', last, ' / ', hlast
    print *, 'none', none, ' / ', hnone
    stop 1
  end if
  if (any(rows /= hrows) .or. any(cols /= hcols) .or. any(p1 /= hp1)) then
    print *, 'rows', rows, ' / ', hrows
    print *, 'cols', cols, ' / ', hcols
    print *, 'p1  ', p1, ' / ', hp1
    stop 1
  end if
  if (any(p3 /= hp3) .or. any(along /= halong)) then
    print *, 'p3   ', p3, ' / ', hp3
    print *, 'along', along, ' / ', halong
    stop 1
  end if
  print '(a, 6i6)', 'maxloc arrays: ', sum(pos), sum(last), sum(rows), sum(cols), sum(p3), &
    sum(along)
end program
