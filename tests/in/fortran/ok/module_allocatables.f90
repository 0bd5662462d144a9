! Allocatable and pointer module arrays under `declare create`, used by a device routine
! through their descriptors: the code after `allocate` writes the device descriptor, the code
! before `deallocate` clears it.
module fields
  implicit none
  real(8), allocatable :: u(:, :)
  integer, pointer :: p(:)
  !$acc declare create(u, p)
contains
  real(8) function cell(i, j)
    !$acc routine seq
    integer, value :: i, j
    cell = u(i, j) * p(i) + size(u, 2)
  end function

  subroutine run(out)
    real(8), intent(out) :: out(8)
    integer :: i
    u = 1.0d0
    p = 2
    !$acc update device(u, p)
    !$acc parallel loop copyout(out)
    do i = 1, 7
      out(i) = cell(i, 2)
    end do
  end subroutine
end module fields

program main
  use fields
  implicit none
  real(8) :: out(8)
  allocate (u(0:7, 3))
  allocate (p(8))
  call run(out)
  deallocate (u)
  deallocate (p)
  print *, out(1:7)
end program main
