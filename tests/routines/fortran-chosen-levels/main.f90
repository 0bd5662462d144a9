! main.f90: a parallel loop without a level calls the vector routine of a_twice.f90, known only at
! link time: the link lowers the loop from gang, vector to gang.
program q
  implicit none
  interface
    subroutine twice(n, a)
      integer :: n
      real(8) :: a(n)
    end subroutine twice
  end interface
  real(8) :: a(16, 40)
  integer :: i
  a = 1
  !$acc parallel loop copy(a)
  do i = 1, 40
    call twice(16, a(1, i))
  end do
  if (any(a /= 2)) stop 1
end program q
