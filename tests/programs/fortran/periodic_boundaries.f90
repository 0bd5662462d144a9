! Periodic boundary updates written as array assignments between rows or columns of one
! array (Openacc_LB's `f(1, :) = f(nx, :)`): sections whose subscripts are different named
! constants never share an element, so the element-by-element loop is safe and the kernels
! region is offloaded. accc-all-offloaded
program periodic_boundaries
  implicit none
  integer, parameter :: nx = 8, ny = 6, first = 1
  real(8) :: f(0:nx + 1, 0:ny + 1)
  integer :: i, j
  f = 0
  !$acc data copy(f)
  !$acc parallel loop collapse(2)
  do j = 1, ny
    do i = 1, nx
      f(i, j) = i + 10 * j
    end do
  end do
  !$acc kernels
  f(0, :) = f(nx, :)
  f(nx + 1, :) = f(first, :)
  f(:, 0) = f(:, ny)
  f(:, ny + 1) = f(:, 1)
  !$acc end kernels
  !$acc end data
  print '(8f6.1)', f(0, 1:ny), f(nx + 1, 1:2)
  print '(10f6.1)', f(:, 0)
  if (f(0, 3) /= 38 .or. f(nx + 1, 2) /= 21 .or. f(5, 0) /= 65 .or. f(5, ny + 1) /= 15) stop 1
end program
