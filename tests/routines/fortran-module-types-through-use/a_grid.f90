! A derived type with a scalar pointer component (its interface file once recorded the type as
! opaque, so no user could name its components in a clause).
module grid_types
  type grid_t
    integer :: n
  end type
  type field_t
    real, allocatable :: val(:)
    type(grid_t), pointer :: grid => null()
    integer, allocatable :: steps
  end type
end module
