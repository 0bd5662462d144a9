! The routine `sample` of another file's module reads the linked `grid` through the link
! pointer (the device holds no copy of it): the data construct maps it, `update device` sends a
! host change, and a routine writes it back through the link.
module probes
  use field
  implicit none
contains
  real(8) function sample(i)
    !$acc routine seq
    integer, value :: i
    sample = 3.0d0 * grid(i)
  end function

  subroutine raise(i)
    !$acc routine seq
    integer, value :: i
    grid(i) = grid(i) + 0.5d0
  end subroutine
end module

program main
  use field
  use probes
  implicit none
  integer :: i, wrong
  real(8) :: out(n)

  do i = 1, n
    grid(i) = i
  end do
  !$acc data copy(grid)
  do i = 1, n
    grid(i) = 2 * i
  end do
  !$acc update device(grid)
  !$acc parallel loop copyout(out)
  do i = 1, n
    out(i) = sample(i)
  end do
  !$acc parallel loop
  do i = 1, n
    call raise(i)
  end do
  !$acc end data
  wrong = 0
  do i = 1, n
    if (out(i) /= 6.0d0 * i .or. grid(i) /= 2 * i + 0.5d0) wrong = wrong + 1
  end do
  print '(a, i0)', 'module link: errors = ', wrong
  if (wrong /= 0) stop 1
end program
