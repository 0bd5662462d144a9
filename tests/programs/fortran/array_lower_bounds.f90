! array_lower_bounds.f90: explicit-shape arrays with non-default lower bounds, a(0:n-1) and
! b(-2:2, 3:7), as locals and as dummies, in data clauses whole and as sections with those
! bounds, with lbound/ubound inside kernels.
module lb_mod
  implicit none
contains
  subroutine shifted(lo, hi, v)
    integer, intent(in) :: lo, hi
    integer, intent(inout) :: v(lo:hi)
    integer :: i
    !$acc parallel loop copy(v(lo:hi))
    do i = lo, hi
      v(i) = v(i) + i
    end do
  end subroutine
end module lb_mod

program array_lower_bounds
  use lb_mod
  implicit none
  integer, parameter :: n = 100
  integer :: a(0:n - 1), b(-2:2, 3:7), c(-5:5), i, j, lbs(4)

  !$acc parallel loop copyout(a)
  do i = 0, n - 1
    a(i) = i * i
  end do
  !$acc parallel loop collapse(2) copyout(b)
  do j = 3, 7
    do i = -2, 2
      b(i, j) = 10 * i + j
    end do
  end do
  ! A contiguous section with the declared bounds (gfortran rejects non-contiguous ones),
  ! part of it updated in place.
  !$acc parallel loop copy(b(-2:2, 4:6))
  do j = 4, 6
    do i = -1, 1
      b(i, j) = -b(i, j)
    end do
  end do
  c = 1
  call shifted(-5, 5, c)
  !$acc serial copyout(lbs) copyin(b)
  lbs(1) = lbound(b, 1)
  lbs(2) = ubound(b, 1)
  lbs(3) = lbound(b, 2)
  lbs(4) = ubound(b, 2)
  !$acc end serial

  do i = 0, n - 1
    if (a(i) /= i * i) then
      print *, 'FAIL: a', i
      stop 1
    end if
  end do
  do j = 3, 7
    do i = -2, 2
      if (abs(i) <= 1 .and. j >= 4 .and. j <= 6) then
        if (b(i, j) /= -(10 * i + j)) then
          print *, 'FAIL: b section', i, j
          stop 1
        end if
      else if (b(i, j) /= 10 * i + j) then
        print *, 'FAIL: b', i, j
        stop 1
      end if
    end do
  end do
  do i = -5, 5
    if (c(i) /= 1 + i) then
      print *, 'FAIL: c', i
      stop 1
    end if
  end do
  if (any(lbs /= [-2, 2, 3, 7])) then
    print *, 'FAIL: bounds', lbs
    stop 1
  end if
  print '(a,i0,1x,i0,1x,i0)', 'lower bounds: ', sum(a), sum(b), sum(c)
  print '(a)', 'lower bounds: PASS'
end program array_lower_bounds
