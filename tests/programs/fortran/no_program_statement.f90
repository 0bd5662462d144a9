! A main program without a PROGRAM statement (it is optional): its first statement, a
! declaration, is part of its specification part, so its variables are declared, not
! implicitly typed; with regions, an internal procedure and implicit typing of the rest.
integer :: i, n
real :: a(10)
n = 10
!$acc parallel loop copyout(a)
do i = 1, n
  a(i) = i
end do
k = 3
!$acc kernels copy(a)
a(k) = twice(a(k))
!$acc end kernels
print '(a, f6.1, a, f6.1)', 'sum ', sum(a), ' a(3) ', a(3)
if (sum(a) /= 58.0) stop 1
contains
  real function twice(x)
    real, intent(in) :: x
    twice = 2 * x
  end function
end
