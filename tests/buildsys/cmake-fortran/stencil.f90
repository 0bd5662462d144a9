! One explicit step of the 1-D heat equation, as a module procedure with OpenACC directives.
module stencil
  implicit none
contains
  subroutine heat_step(n, u, unew, r)
    integer, intent(in) :: n
    real(8), intent(in) :: u(0:n+1), r
    real(8), intent(inout) :: unew(0:n+1)
    integer :: i
    !$acc parallel loop copyin(u(0:n+1)) copy(unew(1:n))
    do i = 1, n
      unew(i) = u(i) + r * (u(i-1) - 2.0d0 * u(i) + u(i+1))
    end do
  end subroutine heat_step
end module stencil
