! `spacing` has a device copy; `nodes`, `origin` and the allocatable `scales` do not.
module grid
  implicit none
  real(8) :: spacing = 0.5d0
  real(8) :: origin = 1.0d0
  integer :: nodes(8)
  real(8), allocatable :: scales(:)
  !$acc declare create(spacing)
contains
  real(8) function position(i)
    !$acc routine seq
    integer, value :: i
    position = origin + spacing * i
    position = position * scales(i)
  end function
end module
