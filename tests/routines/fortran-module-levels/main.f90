! main.f90: a gang loop calling the vector routine and the bind(c) function of module ops.
program p
  use ops
  implicit none
  real(8) :: a(8, 64), s(64), h(64)
  integer :: i
  a = 1
  !$acc parallel loop gang copyin(a) copyout(s, h)
  do i = 1, 64
    call rowsum(8, a(1, i), s(i))
    h(i) = half(real(i, 8))
  end do
  if (any(s /= 4)) stop 1
  do i = 1, 64
    if (h(i) /= i / 2.0d0) stop 2
  end do
end program p
