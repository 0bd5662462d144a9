! routine_seq_module.f90: `!$acc routine seq` module procedures called from compute regions:
! scalar dummies by reference (updated in place), VALUE dummies, expression actuals (passed
! through temporaries), explicit-shape array dummies whose bounds name other dummies (`a(n)`,
! `b(0:n-1)`, `m(ld, *)`), an element as the start of an array dummy (sequence association),
! a contiguous section `x(:, j)`, keyword arguments, a function in the expression of a
! reduction loop, a routine calling a routine, `return` in a function, local arrays.
module seq_lib
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  real(dp) function poly(x, c, n)
    !$acc routine seq
    integer, intent(in) :: n
    real(dp), intent(in) :: x, c(0:n - 1)
    integer :: k
    poly = c(n - 1)
    do k = n - 2, 0, -1
      poly = poly * x + c(k)
    end do
  end function

  integer function clamp_index(i, lo, hi)
    !$acc routine seq
    integer, value :: i
    integer, intent(in) :: lo, hi
    if (i < lo) then
      clamp_index = lo
      return
    end if
    clamp_index = min(i, hi)
  end function

  subroutine axpy_part(n, alpha, x, y)
    !$acc routine seq
    integer, intent(in) :: n
    real(dp), intent(in) :: alpha, x(n)
    real(dp), intent(inout) :: y(n)
    integer :: k
    do k = 1, n
      y(k) = y(k) + alpha * x(k)
    end do
  end subroutine

  subroutine accumulate(total, count, v)
    !$acc routine seq
    real(dp), intent(inout) :: total
    integer, intent(inout) :: count
    real(dp), intent(in) :: v
    total = total + v
    count = count + 1
  end subroutine

  subroutine column_sums(ld, ncol, m, sums)
    !$acc routine seq
    integer, intent(in) :: ld, ncol
    real(dp), intent(in) :: m(ld, *)
    real(dp), intent(out) :: sums(ncol)
    real(dp) :: work(4)
    integer :: r, c
    do c = 1, ncol
      do r = 1, 4
        work(r) = 0
      end do
      do r = 1, ld
        work(mod(r, 4) + 1) = work(mod(r, 4) + 1) + m(r, c)
      end do
      sums(c) = work(1) + work(2) + work(3) + work(4)
    end do
  end subroutine

  real(dp) function smooth(v, n, i)
    !$acc routine seq
    integer, intent(in) :: n, i
    real(dp), intent(in) :: v(n)
    smooth = (v(clamp_index(i - 1, 1, n)) + 2 * v(i) + v(clamp_index(i + 1, 1, n))) / 4
  end function
end module seq_lib

program routine_seq_module
  use seq_lib
  implicit none
  integer, parameter :: n = 200, nc = 5, rows = 6, cols = 40
  real(dp) :: c(0:nc - 1), x(n), y(n), z(n), grid(rows, cols), sums(cols), seg(8, 25)
  real(dp) :: total, ref, s
  integer :: i, j, count, bad

  c = [1.0_dp, -0.5_dp, 0.25_dp, 0.125_dp, -0.0625_dp]
  do i = 1, n
    x(i) = real(i, dp) / n
    y(i) = 1.0_dp
  end do
  do j = 1, cols
    do i = 1, rows
      grid(i, j) = i + 10 * j
    end do
  end do
  seg = 0

  ! A function in the expression of a reduction loop.
  total = 0
  !$acc parallel loop reduction(+:total) copyin(x, c)
  do i = 1, n
    total = total + poly(x(i), c, nc) * 2
  end do
  ref = 0
  do i = 1, n
    ref = ref + poly(x(i), c, nc) * 2
  end do
  bad = 0
  if (abs(total - ref) > 1.0e-9_dp * abs(ref)) bad = bad + 1

  ! Elements start array dummies; an expression actual goes through a temporary.
  !$acc parallel loop copyin(x) copy(y)
  do i = 1, n, 20
    call axpy_part(20, real(i, dp) * 0.5_dp, x(i), y(i))
  end do
  do i = 1, n
    if (abs(y(i) - (1.0_dp + (((i - 1) / 20) * 20 + 1) * 0.5_dp * x(i))) > 1.0e-12_dp) bad = bad + 1
  end do

  ! Scalars updated by reference, keyword arguments, in a serial region.
  total = 0
  count = 0
  !$acc serial copy(total, count) copyin(x)
  do i = 1, n
    if (mod(i, 3) == 0) call accumulate(v=x(i), count=count, total=total)
  end do
  !$acc end serial
  ref = 0
  do i = 3, n, 3
    ref = ref + x(i)
  end do
  if (count /= 66 .or. abs(total - ref) > 1.0e-12_dp) bad = bad + 1

  ! An assumed-size 2-d dummy with a run-time leading dimension, and local arrays.
  !$acc parallel copyin(grid) copyout(sums)
  call column_sums(rows, cols, grid, sums)
  !$acc end parallel
  do j = 1, cols
    if (abs(sums(j) - (21 + 60 * j)) > 1.0e-12_dp) bad = bad + 1
  end do

  ! A routine calling a routine, and a VALUE dummy given an expression.
  !$acc parallel loop copyin(x) copyout(z)
  do i = 1, n
    z(i) = smooth(x, n, i)
  end do
  do i = 1, n
    s = (x(max(i - 1, 1)) + 2 * x(i) + x(min(i + 1, n))) / 4
    if (abs(z(i) - s) > 1.0e-12_dp) bad = bad + 1
  end do

  ! A contiguous section x(:, j) as an array argument.
  !$acc parallel loop copy(seg) copyin(x)
  do j = 1, 25
    call axpy_part(8, 1.0_dp, x(8 * j - 7), seg(:, j))
  end do
  do j = 1, 25
    do i = 1, 8
      if (seg(i, j) /= x(8 * (j - 1) + i)) bad = bad + 1
    end do
  end do

  print '(a,f12.6)', 'routine seq module: sum ', total
  print '(a,f12.6)', 'routine seq module: y ', sum(y)
  print '(a,f12.6)', 'routine seq module: sums ', sum(sums)
  if (bad /= 0) then
    print '(a,i0)', 'routine seq module: FAIL ', bad
    stop 1
  end if
  print '(a)', 'routine seq module: PASS'
end program routine_seq_module
