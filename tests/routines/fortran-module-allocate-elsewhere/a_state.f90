! The module declares its allocatable arrays and reads them in a device routine; it never
! allocates them: the program file (main.f90) does, and its `allocate` creates the device
! copies because a_state.accmod records the `declare` (OpenACC 3.3 §2.13).
module state
  implicit none
  real(8), allocatable :: coef(:)
  integer, allocatable :: mask(:, :)
  !$acc declare create(coef, mask)
contains
  real(8) function weight(i, j)
    !$acc routine seq
    integer, intent(in) :: i, j
    weight = coef(i) * mask(i, j)
  end function
end module
