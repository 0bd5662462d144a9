subroutine s(a, x, l)
  real :: a(10), x
  logical :: l
  integer :: i
  !$acc parallel loop reduction(iand:x) reduction(+:l) reduction(.and.:i)
  do i = 1, 10
    x = x + a(i)
  end do
end subroutine s
