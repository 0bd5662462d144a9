! Regions that reach the module's arrays only through device routines: `cell` of the module's
! file and `column_total` here (which reads `grid` through the module interface file); the
! second round reallocates the arrays with other bounds and sizes.
program main
  use fields
  implicit none
  integer :: round, nx, ny, lo, i, j
  real(8), allocatable :: out(:, :), totals(:)
  do round = 1, 2
    nx = 5 * round
    ny = 3 + round
    lo = 2 - 3 * round
    call setup(nx, ny, lo)
    allocate (out(lo:lo + nx - 1, ny), totals(ny))
    !$acc parallel loop collapse(2) copyout(out)
    do j = 1, ny
      do i = lo, lo + nx - 1
        out(i, j) = cell(i, j)
      end do
    end do
    !$acc parallel loop copyout(totals)
    do j = 1, ny
      totals(j) = column_total(j)
    end do
    do j = 1, ny
      do i = lo, lo + nx - 1
        if (out(i, j) /= 2.0d0 * (i * 100 + j)) stop 1
      end do
      if (totals(j) /= sum(grid(:, j))) stop 2
    end do
    print '(a,i0,a,f0.1,a,f0.1)', 'round ', round, ': ', sum(out), ' ', sum(totals)
    deallocate (out, totals)
    call teardown()
  end do
contains
  real(8) function column_total(j)
    !$acc routine seq
    integer, value :: j
    integer :: i
    column_total = 0
    do i = lbound(grid, 1), ubound(grid, 1)
      column_total = column_total + grid(i, j)
    end do
  end function
end program main
