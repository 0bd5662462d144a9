! Device routines that read module variables without a `declare`: one in the module's own
! file (the note points at the declaration), one here (the variable comes from the module's
! interface file, so the error says where to add the directive).
program main
  use grid
  implicit none
  integer :: i
  real(8) :: x(8)
  !$acc parallel loop copyout(x)
  do i = 1, 8
    x(i) = position(i) + count_of(i)
  end do
  print *, sum(x)
contains
  real(8) function count_of(i)
    !$acc routine seq
    integer, value :: i
    count_of = nodes(i)
  end function
end program
