! Module variables of other files: regions name them (their shapes and types come from the
! modules' interface files), and device routines of both files read them through their
! declared device copies.
program main
  use state
  use consts, only: weights => coef
  implicit none
  integer :: i
  real(8) :: x(n), y(n), expected
  do i = 1, n
    table(1, i) = -1
    table(2, i) = i
    table(3, i) = 2 * i
  end do
  scale = 3
  hits = [10, 20, 30, 40]
  !$acc update device(table, scale, hits)
  !$acc parallel loop copyout(x)
  do i = 1, n
    x(i) = 1
    call apply(x(i), i)
  end do
  !$acc parallel loop copyout(y)
  do i = 1, n
    y(i) = weighted(i) + table(3, i)
  end do
  expected = 3 * n + n * (n + 1) / 2.0d0
  if (abs(sum(x) - expected) > 1d-9) then
    print *, 'x: ', sum(x), ' expected ', expected
    stop 1
  end if
  ! weights(mod(i,3)+1): 66 ones (i = 3, 6, ...), 67 twos, 67 threes; hits(1) each; 2i each.
  expected = 66 * 1 + 67 * 2 + 67 * 3 + 10 * n + n * (n + 1)
  if (abs(sum(y) - expected) > 1d-9) then
    print *, 'y: ', sum(y), ' expected ', expected
    stop 1
  end if
  print *, 'ok'
contains
  real(8) function weighted(i)
    !$acc routine seq
    integer, value :: i
    weighted = weights(mod(i, 3) + 1) + hits(1)
  end function
end program
