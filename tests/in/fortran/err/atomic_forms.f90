subroutine s(x, y, a)
  real :: x, y, a(10)
  !$acc parallel copy(x, y, a)
  !$acc atomic update
  x = y + 1
  !$acc atomic read
  x = y + 1
  !$acc atomic capture
  x = x + 1
  !$acc end atomic
  !$acc end parallel
end subroutine s
