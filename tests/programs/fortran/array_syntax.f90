! array_syntax.f90: array assignments in compute regions (whole arrays, sections with strides
! and lower bounds, elemental intrinsics, scalars broadcast, allocatables, 2-D sections inside
! a loop, complex and logical arrays), in kernels, parallel and serial constructs. A right side
! that reads its target through another designator keeps the host fallback; results are the
! same either way. Self-checking: a wrong answer stops with status 1.
program array_syntax
  implicit none
  integer, parameter :: n = 1000, m = 37
  real(8) :: a(n), b(n), c(0:n-1)
  real :: g(m, m), h(m, m)
  real(8), allocatable :: x(:), y(:,:)
  complex(8) :: z(n)
  logical :: mask(n)
  integer :: i, j, k, iv(-5:5)
  real(8) :: s
  allocate (x(-3:n-4), y(2:m+1, 3:m+2))
  do i = 1, n
    b(i) = i
  end do
  k = 3
  !$acc kernels copyout(a, c) copyin(b)
  a = 2 * b + 1
  c = sqrt(b) + a
  !$acc end kernels
  do i = 1, n
    if (a(i) /= 2d0 * i + 1) stop 1
    if (abs(c(i - 1) - (sqrt(dble(i)) + 2d0 * i + 1)) > 1d-12) stop 2
  end do
  ! Sections with strides (positive and negative) and defaults.
  !$acc parallel copy(a) copyin(b)
  a(1:n:2) = -b(2:n:2)
  a(n:2:-2) = 0.5d0 * b(1:n-1:2)
  !$acc end parallel
  do i = 1, n, 2
    if (a(i) /= -(i + 1d0)) stop 3
  end do
  do i = 2, n, 2
    if (a(i) /= 0.5d0 * (n + 1 - i)) stop 4
  end do
  ! Allocatables with lower bounds; the same designator on both sides.
  !$acc data copyout(x, y)
  !$acc kernels
  x = 1
  x(0:) = x(0:) + k
  y = 0
  y(2, :) = 7
  !$acc end kernels
  !$acc end data
  if (x(-3) /= 1 .or. x(-1) /= 1) stop 5
  if (any(x(0:) /= 4)) stop 6
  if (any(y(2, :) /= 7) .or. any(y(3:, :) /= 0)) stop 7
  ! 2-D sections inside a parallel loop.
  !$acc parallel loop copyout(g, h)
  do j = 1, m
    g(:, j) = j
    h(2:m-1, j) = g(2:m-1, j) * 2 + iand(j, 1)
    h(1, j) = -1
    h(m, j) = -2
  end do
  do j = 1, m
    if (any(g(:, j) /= j)) stop 8
    if (any(h(2:m-1, j) /= 2 * j + iand(j, 1))) stop 9
    if (h(1, j) /= -1 .or. h(m, j) /= -2) stop 10
  end do
  ! Complex and logical arrays, merge, a serial construct.
  !$acc serial copyout(z, mask) copyin(b)
  z = cmplx(b, -b, kind=8)
  mask = mod(int(b), 3) == 0
  z = merge(conjg(z), z, mask)
  !$acc end serial
  do i = 1, n
    if (mask(i) .neqv. (mod(i, 3) == 0)) stop 11
    if (mask(i) .and. z(i) /= cmplx(i, i, kind=8)) stop 12
    if (.not. mask(i) .and. z(i) /= cmplx(i, -i, kind=8)) stop 13
  end do
  ! Overlapping sides: the host fallback runs it, with the standard's result.
  iv = [(i, i = -5, 5)]
  !$acc kernels copy(iv)
  iv(-4:5) = iv(-5:4)
  !$acc end kernels
  if (iv(-5) /= -5 .or. any(iv(-4:5) /= [(i, i = -5, 4)])) stop 14
  s = sum(a) + sum(x) + sum(real(z))
  print '(a, f0.1)', 'checksum ', s
  print '(a)', 'array syntax: ok'
end program array_syntax
