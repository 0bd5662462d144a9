! main.f90: gang-redundant code calling the module's gang routine.
program p
  use big
  implicit none
  real(8) :: a(64), s
  a = 1
  !$acc parallel num_gangs(4) copyin(a) copyout(s)
  call total(a, s)
  !$acc end parallel
  if (s /= 64) stop 1
end program p
