! Only variables and a `declare`: the object has no kernels or procedures, but the link step
! must still see its `declare` (the routines of main.f90 use `coef`).
module consts
  implicit none
  real(8) :: coef(3) = [1d0, 2d0, 3d0]
  !$acc declare copyin(coef)
end module
