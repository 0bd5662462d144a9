! host_data use_device: each listed variable is associated with a pointer to its device copy
! with the variable's type, rank and lower bounds; `if` and `if_present` go to the shim.
module host_data_types
  type cell
    integer :: id
    real(8) :: w
  end type
end module host_data_types

subroutine host_data_kinds(e, s, n, flag)
  use host_data_types
  use iso_c_binding
  integer :: n
  logical :: flag
  real(8), target :: e(0:n, -2:3)
  complex(8), target :: s(-1:)
  real, allocatable, target :: al(:, :)
  type(cell), target :: cells(4)
  integer, target :: k
  type(c_ptr) :: p
  allocate(al(2:n, 5))
  !$acc data copy(e, s, al, cells, k)
  !$acc host_data use_device(e, s)
  p = c_loc(e(0, -2))
  p = c_loc(s(-1))
  !$acc end host_data
  !$acc host_data use_device(al, cells, k) if(flag) if_present
  p = c_loc(al(2, 1))
  p = c_loc(cells(1))
  p = c_loc(k)
  !$acc end host_data
  !$acc end data
end subroutine host_data_kinds
