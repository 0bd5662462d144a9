! main.f90: a gang loop calling rowsum, whose level the link step takes per device type.
program p
  use ops
  implicit none
  real(8) :: a(8, 64), s(64)
  integer :: i
  a = 1
  !$acc parallel loop gang copyin(a) copyout(s)
  do i = 1, 64
    call rowsum(8, a(1, i), s(i))
  end do
  if (any(s /= 8)) stop 1
end program p
