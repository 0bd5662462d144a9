! tests/debugger.sh: gdb stops inside this compute region on the multicore device.
program region
  implicit none
  real(8) :: a(1000), s
  integer :: i
  a = [(real(i, 8), i = 1, 1000)]
  s = 0
  !$acc parallel loop reduction(+:s) copyin(a)
  do i = 1, 1000
    s = s + 2 * a(i)
  end do
  print '(f10.1)', s
end program region
