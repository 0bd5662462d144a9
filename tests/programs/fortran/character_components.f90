! Derived types with character components of constant length, which device code lays out (as
! gfortran does: the characters' bytes, at byte alignment) without touching them: the
! regions use the numeric components around them (IFS's option types carry a name). Odd
! lengths put the next real(8) on its alignment; an array of names; a nested type.
! accc-all-offloaded
module character_components_m
  implicit none
  type options
    integer :: klon
    character(len=5) :: name
    real(8) :: scale
    character(3) :: tags(3)
    integer :: kfdia
  end type
  type holder
    character*1 :: flag
    type(options) :: opts
    real(8) :: offset
  end type
end module

program character_components
  use character_components_m
  implicit none
  type(options) :: o
  type(holder) :: h
  real(8) :: a(100)
  integer :: i
  o%klon = 100
  o%name = 'model'
  o%scale = 2.5d0
  o%tags = ['abc', 'def', 'ghi']
  o%kfdia = 90
  h%flag = 'y'
  h%opts = o
  h%offset = 0.5d0
  !$acc parallel loop copyin(o) copyout(a)
  do i = 1, o%klon
    a(i) = merge(o%scale * i, 0d0, i <= o%kfdia)
  end do
  print '(a, f9.1)', 'sum ', sum(a)
  !$acc parallel loop copyin(h) copy(a)
  do i = 1, h%opts%klon
    a(i) = a(i) + h%offset * h%opts%kfdia
  end do
  print '(a, f9.1, 1x, a, 1x, a)', 'sum ', sum(a), o%name, o%tags(3)
  if (abs(sum(a) - 14737.5d0) > 1d-9) stop 1
end program
