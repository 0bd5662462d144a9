! Modules, use with only/rename, module variables, declare, derived types and their members,
! contained procedures, implicit typing and parameters.
module consts
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)
  integer, parameter :: nmax = 64
end module consts

module fields
  use consts
  implicit none
  type grid
    integer :: nx, ny
    real(dp), allocatable :: u(:, :)
    real(dp) :: coef(3)
  end type grid
  real(dp) :: glob(nmax)
  integer :: counter
  !$acc declare create(glob) copyin(counter)
contains
  subroutine step(g, w)
    type(grid), intent(inout) :: g
    real(dp), intent(inout) :: w(nmax)
    integer :: i
    !$acc routine seq
    do i = 1, nmax
      w(i) = w(i) + g%coef(1)
    end do
  end subroutine step

  subroutine run(g)
    type(grid), intent(inout) :: g
    integer :: i, j
    !$acc enter data copyin(g) create(g%u)
    !$acc parallel loop collapse(2) present(g%u, glob) default(present)
    do j = 1, g%ny
      do i = 1, g%nx
        g%u(i, j) = glob(i) + helper(i)
      end do
    end do
    !$acc update host(g%u(1:g%nx, 1)) self(glob(1:4)) device(g%coef)
    !$acc exit data copyout(g%u) delete(g) finalize
  contains
    real(dp) function helper(k)
      integer, intent(in) :: k
      !$acc routine vector
      helper = real(k, dp)
    end function helper
  end subroutine run
end module fields

program main
  use fields, only: grid, run, total => counter
  implicit double precision (a-h, o-z)
  type(grid) :: g
  x = 1
  !$acc parallel copy(x, total)
  x = x + total
  !$acc end parallel
  call run(g)
end program main
