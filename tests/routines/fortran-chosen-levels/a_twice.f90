! a_twice.f90: an external vector routine; main.f90 calls it in a loop whose level accc chooses.
subroutine twice(n, a)
  !$acc routine vector
  integer :: n
  real(8) :: a(n)
  integer :: k
  !$acc loop vector
  do k = 1, n
    a(k) = 2 * a(k)
  end do
end subroutine twice
