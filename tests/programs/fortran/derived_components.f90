! Derived-type components in compute regions: scalar components, component arrays with lower
! bounds, arrays of derived type, nested types, logical/complex/integer(8) components (their
! C-layout padding), and a type with an allocatable component (refused: host fallback).
module shapes
  implicit none
  type :: vec3
    real(8) :: x, y, z
  end type
  type :: particle
    integer(2) :: tag
    type(vec3) :: pos
    logical :: alive
    complex(4) :: phase
    integer(8) :: hits(-1:2)
    real :: w(3, 2)
  end type
  type :: holder
    real, allocatable :: a(:)
    integer :: n
  end type
end module

program derived_components
  use shapes
  implicit none
  integer, parameter :: n = 50
  type(particle) :: p(n), q
  type(vec3) :: shift
  type(holder) :: h
  integer :: i, j, errors
  real(8) :: total, expect

  shift = vec3(0.5d0, -1d0, 2d0)
  do i = 1, n
    p(i)%tag = int(i, 2)
    p(i)%pos = vec3(dble(i), dble(2 * i), dble(-i))
    p(i)%alive = mod(i, 3) /= 0
    p(i)%phase = cmplx(real(i), -1.0)
    p(i)%hits = [(int(i * j, 8), j = -1, 2)]
    p(i)%w = reshape([(real(i + j), j = 1, 6)], [3, 2])
  end do
  q = p(7)
  allocate(h%a(4))
  h%a = 1.0
  h%n = 4

  !$acc parallel loop copy(p) copyin(shift, q)
  do i = 1, n
    if (p(i)%alive) then
      p(i)%pos%x = p(i)%pos%x + shift%x
      p(i)%pos%y = p(i)%pos%y * shift%y
      p(i)%hits(2) = p(i)%hits(-1) + p(i)%hits(0) + q%hits(2)
    else
      p(i)%tag = -p(i)%tag
    end if
    p(i)%pos%z = p(i)%pos%z + real(p(i)%phase) + p(i)%w(3, 2) + q%w(1, 2)
  end do

  total = 0d0
  !$acc parallel loop reduction(+:total) copyin(p)
  do i = 1, n
    total = total + p(i)%pos%x + dble(p(i)%tag)
  end do

  !$acc parallel copy(h)
  h%n = h%n + 1
  !$acc end parallel

  errors = 0
  expect = 0d0
  do i = 1, n
    if (mod(i, 3) /= 0) then
      if (p(i)%pos%x /= dble(i) + 0.5d0) errors = errors + 1
      if (p(i)%pos%y /= -dble(2 * i)) errors = errors + 1
      if (p(i)%hits(2) /= -i + 0 + 14) errors = errors + 1
      expect = expect + dble(i) + 0.5d0 + dble(i)
    else
      if (p(i)%tag /= -i) errors = errors + 1
      expect = expect + dble(i) - dble(i)
    end if
    if (p(i)%pos%z /= dble(-i) + dble(i) + dble(i + 6) + 11d0) errors = errors + 1
  end do
  if (total /= expect) errors = errors + 1
  if (h%n /= 5) errors = errors + 1
  print '(a, i0)', 'derived components: errors ', errors
  print '(f0.1, 1x, i0)', total, p(10)%hits(2)
  if (errors /= 0) stop 1
end program
