! A module that has the types only by `use`: its users see them through it (its interface
! file once recorded no type at all).
module solver
  use grid_types
  integer :: iterations = 3
end module
