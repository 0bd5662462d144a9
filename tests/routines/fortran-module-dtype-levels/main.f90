! main.f90: a gang loop calling the module's routines; its compile reads their levels per
! device type from ops.accmod.
program p
  use ops
  implicit none
  real(8) :: a(8, 64), s(64), t(64)
  integer :: i
  a = 1
  !$acc parallel loop gang copyin(a) copyout(s, t)
  do i = 1, 64
    call rowsum(8, a(1, i), s(i))
    t(i) = twice(s(i))
  end do
  if (any(s /= 8)) stop 1
  if (any(t /= 16)) stop 2
end program p
