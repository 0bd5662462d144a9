! Real and logical named constants of a module, used by device code of another file
! (main.f90): the module's interface file records their values as gfortran folds them.
module consts
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: femto = 1.0d-15, tiny = femto
  real(dp), parameter :: widened = 0.1          ! a default-real literal: 0.1 rounded to real(4)
  real, parameter :: half = 0.5, third = 1.0 / 3.0
  real(dp), parameter :: third8 = 1.0_dp / 3, root2 = sqrt(2.0_dp), big = huge(1.0_dp)
  logical, parameter :: on = .true., off = .not. on
  ! Not recorded (not folded the way gfortran rounds): regions using it stay on the host.
  real(dp), parameter :: pi = acos(-1.0_dp)
end module
