! assumed_shape_sections.f90: assumed-shape dummies a(:) and m(:,:) in compute regions,
! called with whole arrays, with non-contiguous sections x(1:n:2) and y(:, 3), a row m(2, :),
! a reversed section, and an array with non-default lower bounds (lbound 1 inside).
module ash
  implicit none
contains
  subroutine add_index(a)
    integer, intent(inout) :: a(:)
    integer :: i
    !$acc parallel loop copy(a)
    do i = 1, size(a)
      a(i) = a(i) + i
    end do
  end subroutine

  subroutine double_all(m)
    integer, intent(inout) :: m(:, :)
    integer :: i, j
    !$acc parallel loop collapse(2) copy(m)
    do j = 1, size(m, 2)
      do i = 1, size(m, 1)
        m(i, j) = 2 * m(i, j)
      end do
    end do
  end subroutine

  integer function total(a)
    integer, intent(in) :: a(:)
    integer :: i
    total = 0
    !$acc parallel loop copyin(a) reduction(+:total)
    do i = lbound(a, 1), ubound(a, 1)
      total = total + a(i)
    end do
  end function
end module ash

program assumed_shape_sections
  use ash
  implicit none
  integer, parameter :: n = 50
  integer :: x(n), y(8, 6), z(-3:3), want(n), i, j, s

  x = 0
  call add_index(x(1:n:2))         ! odd elements get 1, 2, 3, ...
  call add_index(x(n:2:-2))        ! even elements, from the end
  do i = 1, n
    if (mod(i, 2) == 1) then
      want(i) = (i + 1) / 2
    else
      want(i) = (n - i) / 2 + 1
    end if
  end do
  if (any(x /= want)) then
    print *, 'FAIL: strided sections'
    stop 1
  end if

  do j = 1, 6
    do i = 1, 8
      y(i, j) = 10 * i + j
    end do
  end do
  call add_index(y(:, 3))          ! a column
  call add_index(y(2, :))          ! a row: stride 8
  call double_all(y(1:8:3, 4:6))   ! a strided 2-D section
  do j = 1, 6
    do i = 1, 8
      s = 10 * i + j
      if (j == 3) s = s + i
      if (i == 2) s = s + j
      if (mod(i - 1, 3) == 0 .and. j >= 4) s = 2 * s
      if (y(i, j) /= s) then
        print *, 'FAIL: y', i, j
        stop 1
      end if
    end do
  end do

  z = [(i, i = -3, 3)]
  call add_index(z)                ! inside, z is z(1:7)
  if (any(z /= [(2 * i + 4, i = -3, 3)])) then
    print *, 'FAIL: z'
    stop 1
  end if
  s = total(x(2:n:4))
  if (s /= sum(want(2:n:4))) then
    print *, 'FAIL: total', s
    stop 1
  end if
  print '(a,i0,1x,i0,1x,i0)', 'assumed shape: ', sum(x), sum(y), s
  print '(a)', 'assumed shape: PASS'
end program assumed_shape_sections
