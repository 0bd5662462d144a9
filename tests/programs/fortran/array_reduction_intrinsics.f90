! Array reduction intrinsics inside compute regions: sum, product, maxval, minval, count, any,
! all and dot_product of whole arrays, columns and strided sections of 2-D arrays, elemental
! expressions, arrays with lower bounds other than 1, allocatables, assumed-shape dummies and
! empty sections. Every value is compared with the same intrinsic evaluated on the host.
module reduce_helpers
contains
  subroutine columns(m, colsum, colmax)
    real(8), intent(in) :: m(:, :)
    real(8), intent(out) :: colsum(:), colmax(:)
    integer :: j
    !$acc parallel loop copyin(m) copyout(colsum, colmax)
    do j = 1, size(m, 2)
      colsum(j) = sum(m(:, j) * 0.5d0)
      colmax(j) = maxval(abs(m(:, j)))
    end do
  end subroutine
end module

program array_reduction_intrinsics
  use reduce_helpers
  implicit none
  integer, parameter :: n = 37, c = 12
  integer :: i, j, errors
  integer :: k(-3:n - 4, c), ik(c, 8), hk(c, 8)
  real(8) :: x(n, c), rx(c, 4), hx(c, 4), cs(c), cm(c)
  real, allocatable :: f(:)
  logical :: lany(c), lall(c), hany(c), hall(c)

  allocate(f(0:n - 1))
  do j = 1, c
    do i = 1, n
      k(i - 4, j) = mod(i * 17 + j * 5, 23) - 11
      x(i, j) = dble(mod(i * 7 + j * 3, 19) - 9) / 4d0
    end do
  end do
  do i = 0, n - 1
    f(i) = real(mod(i * 5, 11)) - 5.0
  end do

  !$acc parallel loop copyin(k, x, f) copyout(ik, rx, lany, lall)
  do j = 1, c
    ik(j, 1) = sum(k(:, j))
    ik(j, 2) = product(k(-3:-3 + mod(j, 4), j) + 12)
    ik(j, 3) = maxval(k(:, j))
    ik(j, 4) = minval(k(-3:n - 4:3, j))
    ik(j, 5) = count(k(:, j) > 0)
    ik(j, 6) = sum(k(j:j - 1, j))
    ik(j, 7) = maxval(k(j:j - 1, j))
    ik(j, 8) = dot_product(k(:, j), k(:, c + 1 - j))
    rx(j, 1) = sum(x(:, j) * x(:, j))
    rx(j, 2) = minval(x(n:1:-2, j)) + maxval(dble(f))
    rx(j, 3) = dot_product(x(:, j), x(:, 1)) + sum(f) * j
    rx(j, 4) = product(x(1:4, j) + 3d0)
    lany(j) = any(k(:, j) == j - 11)
    lall(j) = all(x(:, j) > -2d0)
  end do

  !$acc kernels copyin(k) copy(ik)
  ik(1, 1) = ik(1, 1) + sum(k) + count(k < 0)
  !$acc end kernels

  do j = 1, c
    hk(j, 1) = sum(k(:, j))
    hk(j, 2) = product(k(-3:-3 + mod(j, 4), j) + 12)
    hk(j, 3) = maxval(k(:, j))
    hk(j, 4) = minval(k(-3:n - 4:3, j))
    hk(j, 5) = count(k(:, j) > 0)
    hk(j, 6) = sum(k(j:j - 1, j))
    hk(j, 7) = maxval(k(j:j - 1, j))
    hk(j, 8) = dot_product(k(:, j), k(:, c + 1 - j))
    hx(j, 1) = sum(x(:, j) * x(:, j))
    hx(j, 2) = minval(x(n:1:-2, j)) + maxval(dble(f))
    hx(j, 3) = dot_product(x(:, j), x(:, 1)) + sum(f) * j
    hx(j, 4) = product(x(1:4, j) + 3d0)
    hany(j) = any(k(:, j) == j - 11)
    hall(j) = all(x(:, j) > -2d0)
  end do
  hk(1, 1) = hk(1, 1) + sum(k) + count(k < 0)

  call columns(x, cs, cm)
  errors = count(ik /= hk) + count(abs(rx - hx) > 1d-9 * (1d0 + abs(hx))) &
       + count(lany .neqv. hany) + count(lall .neqv. hall)
  do j = 1, c
    if (abs(cs(j) - 0.5d0 * sum(x(:, j))) > 1d-12) errors = errors + 1
    if (cm(j) /= maxval(abs(x(:, j)))) errors = errors + 1
  end do
  print '(a, i0)', 'array reductions: mismatches ', errors
  print '(8(i0, 1x))', ik(3, :)
  print '(a, 2(l1, 1x), i0)', 'any/all ', lany(2), lall(5), count(lany)
  if (errors /= 0) stop 1
end program
