! routine_allocatable_dummy.f90: `acc routine seq` procedures with allocatable and pointer array
! dummies, which keep the actual's lower bounds (`lbound`/`ubound` inside see them), called in
! parallel loops over gangs with allocatable and pointer arrays (allocated with other lower
! bounds, and a pointer remapped onto a target); a pointer dummy's target updated in a serial
! region; optional dummies tested with `present()`, with and without their actual.
! accc-all-offloaded (tests/run.sh: no region may keep its host fallback)
module alloc_lib
  implicit none
contains
  integer function first_last(a)
    !$acc routine seq
    integer, allocatable, intent(in) :: a(:)
    first_last = 1000000 * size(a) + 10000 * lbound(a, 1) + 100 * a(lbound(a, 1)) &
                 + a(ubound(a, 1))
  end function

  integer function corner_sum(p, k)
    !$acc routine seq
    integer, pointer, intent(in) :: p(:, :)
    integer, intent(in) :: k
    corner_sum = p(lbound(p, 1), lbound(p, 2)) + 10 * p(ubound(p, 1), ubound(p, 2)) &
                 + 100 * lbound(p, 1) + 1000 * ubound(p, 2) + sum(p) * k + size(p, 2)
  end function

  subroutine bump(p, k)
    !$acc routine seq
    integer, pointer, intent(in) :: p(:, :)
    integer, intent(in) :: k
    integer :: i, j
    do j = lbound(p, 2), ubound(p, 2)
      do i = lbound(p, 1), ubound(p, 1)
        p(i, j) = p(i, j) + k * i + j
      end do
    end do
  end subroutine

  integer function row_total(b, r, scale)
    !$acc routine seq
    real(8), allocatable, intent(in) :: b(:, :)
    integer, intent(in) :: r
    integer, intent(in), optional :: scale
    integer :: j
    row_total = 0
    do j = lbound(b, 2), ubound(b, 2)
      row_total = row_total + nint(b(r, j))
    end do
    if (present(scale)) row_total = row_total * scale
  end function

  integer function weighted_opt(a, w)
    !$acc routine seq
    integer, intent(in) :: a(:)
    integer, intent(in), optional :: w(:)
    integer :: k
    weighted_opt = 0
    do k = 1, size(a)
      if (present(w)) then
        weighted_opt = weighted_opt + a(k) * w(k)
      else
        weighted_opt = weighted_opt + a(k)
      end if
    end do
  end function
end module alloc_lib

program routine_allocatable_dummy
  use alloc_lib
  implicit none
  integer, parameter :: n = 48
  integer, allocatable :: a(:)
  real(8), allocatable :: b(:, :)
  integer, pointer :: p(:, :)
  integer, target :: t(30)
  integer :: r1(n), r2(n), r3(n), r4(n), r5(n), i, j, bad, check, expected(30)

  allocate (a(-5:10), b(0:n + 1, -2:3))
  do i = -5, 10
    a(i) = 3 * i + 1
  end do
  do j = -2, 3
    do i = 0, n + 1
      b(i, j) = i * 10 + j
    end do
  end do
  do i = 1, 30
    t(i) = i
  end do
  p(-1:3, 2:7) => t

  !$acc parallel loop gang copyin(a, b, p) copyout(r1, r2, r3, r4, r5)
  do i = 1, n
    r1(i) = first_last(a) + i
    r2(i) = corner_sum(p, i)
    r3(i) = row_total(b, i, i)
    r4(i) = row_total(b, i)
    r5(i) = weighted_opt(a(-5:10:3), a(1:6)) + weighted_opt(a(1:i / 5 + 1))
  end do

  !$acc serial copy(p)
  call bump(p, 3)
  !$acc end serial

  bad = 0
  check = 0
  do i = 1, n
    if (r1(i) /= first_last(a) + i) bad = bad + 1
    if (r3(i) /= row_total(b, i, i)) bad = bad + 1
    if (r4(i) /= row_total(b, i)) bad = bad + 1
    if (r5(i) /= weighted_opt(a(-5:10:3), a(1:6)) + weighted_opt(a(1:i / 5 + 1))) bad = bad + 1
    check = mod(check + r1(i) + r2(i) + r3(i) + r4(i) + r5(i), 1000003)
  end do
  ! corner_sum ran before bump: recompute it on the target's old values.
  do i = 1, 30
    expected(i) = t(i)
  end do
  t = [(i, i = 1, 30)]
  do i = 1, n
    if (r2(i) /= corner_sum(p, i)) bad = bad + 1
  end do
  call bump(p, 3)
  if (any(t /= expected)) bad = bad + 1
  if (bad /= 0) then
    print *, 'routine_allocatable_dummy: FAIL', bad
    stop 1
  end if
  print '(a,i0,a,i0)', 'routine_allocatable_dummy: ', check, ' ', sum(t)
end program routine_allocatable_dummy
