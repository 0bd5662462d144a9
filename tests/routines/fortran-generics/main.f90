! Calls of another file's generic interfaces in a compute region: each call resolves to the
! specific its arguments' types, kinds and ranks select (one through a rename, one by
! keyword), as gfortran resolves them on the host.
program main
  use ops, only: scaled, size_of => norm
  implicit none
  integer, parameter :: n = 40
  integer :: i, k(n)
  real(8) :: x(n), y(n), row(3)
  row = [1d0, 2d0, 3d0]
  !$acc parallel loop copyin(row) copyout(x, y, k)
  do i = 1, n
    x(i) = scaled(real(i, 8), 0.5d0) + scaled(row, 2d0)
    k(i) = scaled(i, 3)
    y(i) = size_of(-1d0 * i, 2d0) + size_of(a=1d0, b=2d0, c=-3d0)
  end do
  do i = 1, n
    if (x(i) /= 0.5d0 * i + 12 .or. k(i) /= 3 * i + 1 .or. y(i) /= i + 8) then
      print *, 'FAIL', i, x(i), k(i), y(i)
      stop 1
    end if
  end do
  print *, 'ok'
end program
