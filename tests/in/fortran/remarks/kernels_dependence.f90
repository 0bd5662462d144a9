! The dependence test on Fortran arrays of rank 2 and more and on arrays whose shape is known at
! run time (dummies, allocatables): each dimension is compared on its own (Fortran keeps
! subscripts in bounds).
subroutine dummies(n, x, y)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i
  ! independent: y(i) only
  !$acc kernels
  do i = 2, n - 1
    y(i) = x(i - 1) + x(i + 1)
  end do
  !$acc end kernels
end subroutine dummies

subroutine allocatables(n)
  integer, intent(in) :: n
  real(8), allocatable :: u(:,:), v(:,:)
  integer :: i, j
  allocate(u(n, n), v(n, n))
  u = 1
  ! independent in both loops
  !$acc kernels
  do j = 2, n - 1
    do i = 2, n - 1
      v(i, j) = u(i - 1, j) + u(i, j + 1)
    end do
  end do
  !$acc end kernels
  ! dependent on j (v(i, j - 1) is written by the previous j), independent in i
  !$acc kernels
  do j = 2, n
    do i = 1, n
      v(i, j) = v(i, j - 1) + 1
    end do
  end do
  !$acc end kernels
  ! transposed write: v(j, i) from row i meets v(i, j) from row j
  !$acc kernels
  do j = 1, n
    do i = 1, n
      v(j, i) = v(i, j)
    end do
  end do
  !$acc end kernels
  print *, v(2, 2)
end subroutine allocatables

subroutine static_shapes()
  real(8) :: z(100, 50), w(0:99, 50)
  integer :: i, j
  z = 1
  ! independent in both loops
  !$acc kernels
  do j = 2, 49
    do i = 2, 99
      w(i, j) = z(i - 1, j) + z(i, j + 1)
    end do
  end do
  !$acc end kernels
  ! dependent on j, independent in i
  !$acc kernels
  do j = 2, 50
    do i = 0, 99
      w(i, j) = w(i, j - 1) + 1
    end do
  end do
  !$acc end kernels
  ! a lower bound of 0: the first subscript i + 1 is not split further
  !$acc kernels
  do j = 1, 50
    do i = 0, 98
      w(i + 1, j) = w(i, j) * 2
    end do
  end do
  !$acc end kernels
  print *, w(2, 2)
end subroutine static_shapes
