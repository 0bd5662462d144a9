! generic_interfaces.f90: generic interfaces called in compute regions and device routines:
! specifics selected by kind (real(4), real(8)), by type (integer), by rank (an array
! argument), by the number of arguments and by keyword, as gfortran selects them.
module shapes_generic
  implicit none
  interface area
    module procedure area_r4, area_r8, area_i
    module procedure area_rect
  end interface
  interface total
    module procedure total_vec
  end interface
contains
  real(4) function area_r4(r)
    !$acc routine seq
    real(4), value :: r
    area_r4 = 3.0 * r * r
  end function
  real(8) function area_r8(r)
    !$acc routine seq
    real(8), value :: r
    area_r8 = 3.0d0 * r * r
  end function
  integer function area_i(side)
    !$acc routine seq
    integer, value :: side
    area_i = side * side
  end function
  real(8) function area_rect(w, h)
    !$acc routine seq
    real(8), value :: w, h
    area_rect = w * h
  end function
  real(8) function total_vec(v, n)
    !$acc routine seq
    integer, value :: n
    real(8), intent(in) :: v(n)
    integer :: j
    total_vec = 0
    do j = 1, n
      total_vec = total_vec + area(v(j))
    end do
  end function
end module

program generic_interfaces
  use shapes_generic
  implicit none
  integer, parameter :: n = 50
  integer :: i, sq(n)
  real(4) :: a4(n)
  real(8) :: a8(n), rect(n), sums(n), v(4)
  v = [1d0, 2d0, 3d0, 4d0]
  !$acc parallel loop copyin(v) copyout(a4, a8, sq, rect, sums)
  do i = 1, n
    a4(i) = area(real(i, 4))
    a8(i) = area(0.5d0 * i)
    sq(i) = area(i)
    rect(i) = area(h=2d0, w=real(i, 8))
    sums(i) = total(v, 4) + i
  end do
  do i = 1, n
    if (a4(i) /= 3.0 * i * i .or. a8(i) /= 0.75d0 * i * i .or. sq(i) /= i * i &
        .or. rect(i) /= 2d0 * i .or. sums(i) /= 90d0 + i) then
      print *, 'FAIL', i, a4(i), a8(i), sq(i), rect(i), sums(i)
      stop 1
    end if
  end do
  print '(a,f0.1)', 'generic interfaces: ', sum(a8) + sum(rect)
end program
