! Host calls of lib.f90's nohost routines: the external 'dbl' and the module procedure
! 'cube', both outside the compute region.
program main
  use lib
  implicit none
  real :: a(64), h
  integer :: i
  h = 3.0
  call dbl(h)
  h = h + cube(h)
  !$acc parallel loop copyout(a)
  do i = 1, 64
    a(i) = real(i)
  end do
  print *, a(1) + h
end program main
