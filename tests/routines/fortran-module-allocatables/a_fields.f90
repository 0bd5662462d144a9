! An allocatable and a pointer module array with device copies from `declare create`, set up
! and released by this file's procedures; `cell` (a device routine) reads both through their
! descriptors.
module fields
  implicit none
  real(8), allocatable :: grid(:, :)
  real(8), pointer :: weights(:)
  !$acc declare create(grid, weights)
contains
  subroutine setup(nx, ny, lo)
    integer, intent(in) :: nx, ny, lo
    integer :: i, j
    allocate (grid(lo:lo + nx - 1, ny), weights(lo:lo + nx - 1))
    do j = 1, ny
      do i = lo, lo + nx - 1
        grid(i, j) = i * 100 + j
      end do
    end do
    weights = 2.0d0
    !$acc update device(grid, weights)
  end subroutine

  subroutine teardown()
    deallocate (grid, weights)
  end subroutine

  real(8) function cell(i, j)
    !$acc routine seq
    integer, value :: i, j
    cell = grid(i, j) * weights(i)
  end function
end module fields
