! A module whose array is `declare link`: its file has no routine; the routine that uses the
! array is in another file, which sees the directive only through the module.
module field
  implicit none
  integer, parameter :: n = 500
  real(8) :: grid(n)
  !$acc declare link(grid)
end module
