! a_big.f90: a gang routine taking an assumed-shape array (so other files' kernels call its
! exported multicore version) whose gang loop reduces into a local: its multicore version cannot
! be compiled, and the link says so instead of leaving an undefined symbol to the linker.
module big
  implicit none
contains
  subroutine total(a, s)
    !$acc routine gang
    real(8) :: a(:), s
    real(8) :: t
    integer :: k
    t = 0
    !$acc loop gang reduction(+:t)
    do k = 1, size(a)
      t = t + a(k)
    end do
    s = t
  end subroutine total
end module big
