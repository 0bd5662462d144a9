! associate_calls_where.f90: associate names of arrays and sections in compute regions passed
! to assumed-shape arguments of device routines (a column, a row section with lower bounds
! other than 1, a strided rank-2 block), and assigned in `where`/`elsewhere` and masked
! `forall` through the name. Every result is compared with the same statements run on the
! host. The iterations of the parallel loop write disjoint elements (rows 1-4 through `row`, rows
! 5, 7, 9 of their own two columns through `blk`), so any order gives the host's result.
! Self-checking: a wrong answer stops with status 1.
! accc-all-offloaded every region and routine
module assoc_routines
  implicit none
contains
  subroutine twice(x)
    !$acc routine seq
    real(8) :: x(:)
    integer :: k
    do k = 1, size(x)
      x(k) = 2 * x(k) + k
    end do
  end subroutine
  subroutine addmat(x, c)
    !$acc routine seq
    real(8) :: x(:, :)
    real(8), value :: c
    x = x + c
  end subroutine
end module

program associate_calls_where
  use assoc_routines
  implicit none
  real(8) :: a(8, 4), b(-2:9, 8), ha(8, 4), hb(-2:9, 8), c(8, 4), hc(8, 4), w(12), hw(12)
  integer :: j, k
  a = 1; b = 3; ha = 1; hb = 3
  do j = 1, 4
    do k = 1, 8
      c(k, j) = dble(mod(k * 3 + j, 5))
    end do
  end do
  w = [(dble(k), k = 1, 12)]
  hc = c; hw = w

  !$acc parallel loop copy(a, b, c)
  do j = 1, 4
    associate (col => a(:, j), row => b(j, :), blk => b(5:9:2, 2*j-1:2*j), cc => c(:, j))
      call twice(col)
      call twice(row(2:5))
      call addmat(blk, dble(j))
      where (cc > 1d0)
        cc = cc + j
      elsewhere
        cc = -cc
      end where
    end associate
  end do
  !$acc serial copy(w)
  associate (v => w(2:11))
    forall (k = 1:10, v(k) > 4d0) v(k) = v(k) * 2
  end associate
  !$acc end serial

  do j = 1, 4
    associate (col => ha(:, j), row => hb(j, :), blk => hb(5:9:2, 2*j-1:2*j), cc => hc(:, j))
      call twice(col)
      call twice(row(2:5))
      call addmat(blk, dble(j))
      where (cc > 1d0)
        cc = cc + j
      elsewhere
        cc = -cc
      end where
    end associate
  end do
  associate (v => hw(2:11))
    forall (k = 1:10, v(k) > 4d0) v(k) = v(k) * 2
  end associate

  if (any(a /= ha) .or. any(b /= hb) .or. any(c /= hc) .or. any(w /= hw)) then
    print *, sum(a), sum(ha), sum(b), sum(hb), sum(c), sum(hc), sum(w), sum(hw)
    stop 1
  end if
  print '(a, 4f10.1)', 'associate calls/where: ', sum(a), sum(b), sum(c), sum(w)
end program
