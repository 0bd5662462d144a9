program main
  use lib
  implicit none
  real :: a(64)
  integer :: i
  !$acc routine(dbl) seq nohost
  !$acc parallel loop copyout(a)
  do i = 1, 64
    a(i) = real(i)
    call dbl(a(i))
    a(i) = a(i) + cube(2.0)
  end do
  do i = 1, 64
    if (a(i) /= 2.0 * i + 8.0) then
      print *, i, a(i)
      stop 1
    end if
  end do
end program main
