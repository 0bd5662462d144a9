! Calls of the file's procedures in compute regions: a module function and subroutine (array
! dummies with bounds from other dummies, scalars by reference and by value), a contained
! function, an external function named by `routine(name)`, an element passed as the start of
! an array dummy, and an expression actual passed through a temporary.
module routines_lib
  implicit none
contains
  real function weight(x, k)
    !$acc routine seq
    real, intent(in) :: x
    integer, value :: k
    weight = x * k
  end function weight

  subroutine shift(n, a, by)
    !$acc routine seq
    integer, intent(in) :: n
    real, intent(inout) :: a(0:n - 1)
    real, intent(in) :: by
    integer :: i
    do i = 0, n - 1
      a(i) = a(i) + by
    end do
  end subroutine shift
end module routines_lib

real function twice(x)
  real, intent(in) :: x
  twice = 2 * x
end function twice

subroutine driver(a, b, n, total)
  use routines_lib
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(4, n)
  real, intent(out) :: total
  real, external :: twice
  !$acc routine(twice) seq
  integer :: i
  total = 0
  !$acc parallel loop reduction(+:total) copyin(a)
  do i = 1, n
    total = total + weight(a(i), i) + twice(a(i) + 1) + square(a(i))
  end do
  !$acc parallel loop copy(b)
  do i = 1, n
    call shift(4, b(1, i), 0.5 * i)
  end do
contains
  real function square(x)
    !$acc routine seq
    real, intent(in) :: x
    square = x * x
  end function square
end subroutine driver
