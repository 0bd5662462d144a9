! routine_assumed_shape.f90: `acc routine seq` procedures whose dummies are assumed-shape arrays
! (1-D and 2-D, default and declared lower bounds; size/lbound/ubound, element access,
! whole-array assignment and reduction intrinsics on the dummy), called in a parallel loop over
! gangs, so that every iteration calls them, with whole arrays of every kind (explicit shape,
! allocatable with other lower bounds, a pointer to a strided slice) and sections with strides
! (`x(1:i)`, `x(i:n:3)`, `z(k, :)`, `blk(:, :, i)`), and from another routine with sections of
! its own dummy. A contained function of the program is called the same way. Every result is
! compared with gfortran's host calls of the same procedures.
! accc-all-offloaded (tests/run.sh: no region may keep its host fallback)
module shape_lib
  implicit none
contains
  integer function weighted(a)
    !$acc routine seq
    integer, intent(in) :: a(:)
    integer :: k
    weighted = 0
    do k = lbound(a, 1), ubound(a, 1)
      weighted = weighted + k * a(k)
    end do
    weighted = weighted + 1000 * size(a)
  end function

  integer function from_zero(a)
    !$acc routine seq
    integer, intent(in) :: a(0:)
    from_zero = a(0) + 10 * a(ubound(a, 1)) + 100 * lbound(a, 1) + 1000 * ubound(a, 1)
  end function

  subroutine scale_block(b, f)
    !$acc routine seq
    integer, intent(inout) :: b(0:, 5:)
    integer, intent(in) :: f
    integer :: i, j
    do j = lbound(b, 2), ubound(b, 2)
      do i = lbound(b, 1), ubound(b, 1)
        b(i, j) = b(i, j) * f + 10 * i + j
      end do
    end do
    b(0, 5) = b(0, 5) + 100000 * size(b) + 1000 * size(b, 2)
  end subroutine

  subroutine fill_and_sum(v, total, biggest)
    !$acc routine seq
    integer, intent(inout) :: v(:)
    integer, intent(out) :: total, biggest
    v = 2 * v + 1
    v(2:size(v):2) = -v(2:size(v):2)
    total = sum(v)
    biggest = maxval(v) * 100 + count(v > 0)
  end subroutine

  integer function tail_weight(a)
    !$acc routine seq
    integer, intent(in) :: a(:)
    tail_weight = weighted(a(2:)) + 7 * weighted(a(1:size(a):2)) + 3 * from_zero(a)
  end function
end module shape_lib

program routine_assumed_shape
  use shape_lib
  implicit none
  integer, parameter :: n = 64, m = 12
  integer, target :: x(n)
  integer :: z(4, 0:m - 1), blk(3, 4, n), blk0(3, 4, n), wk(8, n)
  integer :: r1(n), r2(n), r3(n), r4(n), r5(n), r6(n), r7(n), tot(n), big(n)
  integer, allocatable :: q(:)
  integer, pointer :: p(:)
  integer :: i, j, k, bad, check
  integer :: e_blk(3, 4), e_wk(8), e_tot, e_big

  do i = 1, n
    x(i) = mod(i * 7, 23) - 5
  end do
  do j = 0, m - 1
    do i = 1, 4
      z(i, j) = i * 100 + j
    end do
  end do
  do k = 1, n
    do j = 1, 4
      do i = 1, 3
        blk(i, j, k) = i + 3 * j + k
      end do
    end do
    do i = 1, 8
      wk(i, k) = i * k - 3
    end do
  end do
  blk0 = blk
  allocate (q(-3:20))
  do i = -3, 20
    q(i) = i * i - 4
  end do
  p => x(5:n:4)

  !$acc parallel loop gang copyin(x, z, q) copy(blk, wk) &
  !$acc   copyout(r1, r2, r3, r4, r5, r6, r7, tot, big)
  do i = 1, n
    r1(i) = weighted(x(1:i))
    r2(i) = weighted(z(mod(i, 4) + 1, :))
    r3(i) = from_zero(x(i:n:3))
    call scale_block(blk(:, :, i), i)
    call fill_and_sum(wk(:, i), tot(i), big(i))
    r4(i) = tail_weight(x(1:min(i + 3, n)))
    r5(i) = weighted(q) + from_zero(q(i / 4:))
    r6(i) = spread_of(z(:, mod(i, m))) + weighted(x)
    r7(i) = weighted(p) + i
  end do

  bad = 0
  check = 0
  do i = 1, n
    if (r1(i) /= weighted(x(1:i))) bad = bad + 1
    if (r2(i) /= weighted(z(mod(i, 4) + 1, :))) bad = bad + 1
    if (r3(i) /= from_zero(x(i:n:3))) bad = bad + 1
    e_blk = blk0(:, :, i)
    call scale_block(e_blk, i)
    if (any(blk(:, :, i) /= e_blk)) bad = bad + 1
    e_wk = [(j * i - 3, j = 1, 8)]
    call fill_and_sum(e_wk, e_tot, e_big)
    if (any(wk(:, i) /= e_wk) .or. tot(i) /= e_tot .or. big(i) /= e_big) bad = bad + 1
    if (r4(i) /= tail_weight(x(1:min(i + 3, n)))) bad = bad + 1
    if (r5(i) /= weighted(q) + from_zero(q(i / 4:))) bad = bad + 1
    if (r6(i) /= spread_of(z(:, mod(i, m))) + weighted(x)) bad = bad + 1
    if (r7(i) /= weighted(p) + i) bad = bad + 1
    check = check + mod(r1(i) + r2(i) + r3(i) + r4(i) + r5(i) + r6(i) + r7(i) + tot(i) &
                        + big(i) + sum(blk(:, :, i)), 100003)
  end do
  if (bad /= 0) then
    print *, 'routine_assumed_shape: FAIL', bad
    stop 1
  end if
  print '(a,i0)', 'routine_assumed_shape: ', check
contains
  integer function spread_of(c)
    integer, intent(in) :: c(:)
    spread_of = maxval(c) - minval(c) + 10 * size(c) + product(c(1:2))
  end function
end program routine_assumed_shape
