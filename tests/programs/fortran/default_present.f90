! default_present.f90: default(present) on compute constructs inside a data region and in a
! subroutine called with data entered by enter data: arrays are found present, scalars stay
! firstprivate.
module dp
  implicit none
contains
  subroutine twice(n, v)
    integer, intent(in) :: n
    real(8), intent(inout) :: v(n)
    integer :: i
    !$acc parallel loop default(present)
    do i = 1, n
      v(i) = 2.0d0 * v(i)
    end do
  end subroutine
end module dp

program default_present
  use dp
  implicit none
  integer, parameter :: n = 640
  real(8) :: x(n), y(n)
  integer :: i, m

  x = [(real(i, 8), i = 1, n)]
  m = 7
  !$acc data copy(x) create(y)
  !$acc parallel loop default(present)
  do i = 1, n
    y(i) = x(i) + m
  end do
  !$acc kernels default(present)
  x(:) = y(:) * 0.5d0
  !$acc end kernels
  !$acc end data

  !$acc enter data copyin(x)
  call twice(n, x)
  !$acc exit data copyout(x)

  do i = 1, n
    if (x(i) /= real(i + m, 8)) then
      print *, 'FAIL: default(present)', i
      stop 1
    end if
  end do
  print '(a,i0)', 'default(present): ', nint(sum(x))
  print '(a)', 'default(present): PASS'
end program default_present
