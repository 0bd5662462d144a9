! Calls of nohost routines from host code: the main program calls both outside its compute
! region, and 'helper' (not nohost) calls 'dbl'. The calls in the compute region and in the
! nohost routine 'twice' are allowed.
subroutine dbl(x)
  !$acc routine seq nohost
  real, intent(inout) :: x
  x = 2.0 * x
end subroutine dbl

real function twice(x)
  !$acc routine seq nohost
  real, intent(in) :: x
  real :: y
  y = x
  call dbl(y)
  twice = y
end function twice

subroutine helper(x)
  !$acc routine seq
  real, intent(inout) :: x
  call dbl(x)
end subroutine helper

program main
  implicit none
  real :: a(8), h
  real, external :: twice
  integer :: i
  h = 1.0
  call dbl(h)
  h = h + twice(h)
  !$acc parallel loop copyout(a)
  do i = 1, 8
    a(i) = real(i)
    call dbl(a(i))
    a(i) = a(i) + twice(a(i))
  end do
  print *, a(1) + h
end program main
