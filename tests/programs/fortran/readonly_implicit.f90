! Variables a compute region only reads get an implicit copyin rather than copy: here
! `parameter` constants passed to intent(in) dummies, which gfortran places in read-only
! memory (a copy back into them would crash on a GPU). Variables the region writes keep
! their copy.
module smooth
  implicit none
contains
  subroutine weighted(n, m, w, x, y, count)
    integer, intent(in) :: n, m
    real(8), intent(in) :: w(3)
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y(n)
    integer, intent(out) :: count
    integer :: i
    count = 0
    !$acc kernels copyin(x) copyout(y)
    do i = 2, n - 1
      y(i) = w(1) * x(i - 1) + w(2) * x(i) + w(3) * x(i + 1)
    end do
    y(1) = x(1)
    y(n) = x(n) * m
    count = n
    !$acc end kernels
  end subroutine weighted
end module smooth

program readonly_implicit
  use smooth
  implicit none
  integer, parameter :: n = 200, m = 3
  real(8), parameter :: w(3) = [0.25d0, 0.5d0, 0.25d0]
  real(8) :: x(n), y(n), expect
  integer :: i, count, bad
  do i = 1, n
    x(i) = mod(i, 7)
  end do
  call weighted(n, m, w, x, y, count)
  bad = 0
  do i = 2, n - 1
    expect = 0.25d0 * x(i - 1) + 0.5d0 * x(i) + 0.25d0 * x(i + 1)
    if (y(i) /= expect) bad = bad + 1
  end do
  if (y(1) /= x(1) .or. y(n) /= x(n) * m) bad = bad + 1
  print '(a, f12.4, a, i0, a, i0)', 'sum ', sum(y), ' count ', count, ' bad ', bad
  if (bad /= 0 .or. count /= n) stop 1
end program readonly_implicit
