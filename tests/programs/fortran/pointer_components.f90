! Pointer array components of derived types in device code: a component pointing to an
! allocated array, to a strided section of another array, and to one component of an array
! of derived type (`p => pts(:)%y`, whose elements are a whole element of `pts` apart: the
! descriptor's span); mapped with `enter data copyin(c%q)` (which attaches it in the holder's
! device copy) or with `attach(c%q)` after the target's own copyin (IFS's field pointers).
program pointer_components
  implicit none
  type point
    real(8) :: x, y
    integer :: tag
  end type
  type view
    integer :: n
    real(8), pointer :: q(:) => null()
    real(8), pointer :: m(:, :) => null()
  end type
  type(view) :: c, d, e
  type(point), target :: pts(6)
  real(8), target :: base(12), grid(3, 4)
  real(8) :: r(6), total
  integer :: i, j
  do i = 1, 6
    pts(i) = point(real(i, 8), 10 * i, i)
  end do
  base = [(real(i, 8), i = 1, 12)]
  grid = reshape([(real(i, 8), i = 1, 12)], [3, 4])
  ! An allocated target, mapped through the component.
  c%n = 4
  allocate(c%q(4))
  c%q = 7
  !$acc enter data copyin(c)
  !$acc enter data copyin(c%q)
  r = 0
  !$acc parallel loop present(c) copy(r)
  do i = 1, c%n
    r(i) = c%q(i) * i
  end do
  print '(a, 6f6.1)', 'allocated ', r
  !$acc exit data delete(c%q)
  !$acc exit data delete(c)
  ! A strided section of another array, attached after its target was copied in.
  d%n = 6
  d%q => base(1:12:2)
  d%m => grid(:, 2:3)
  !$acc enter data copyin(base, grid)
  !$acc enter data copyin(d)
  !$acc enter data attach(d%q, d%m)
  !$acc parallel loop present(d) copyout(r)
  do i = 1, d%n
    r(i) = d%q(i)
  end do
  print '(a, 6f6.1)', 'strided ', r
  total = 0
  !$acc parallel loop collapse(2) present(d) reduction(+:total)
  do j = 1, 2
    do i = 1, 3
      total = total + d%m(i, j) * j
    end do
  end do
  print '(a, f6.1)', 'columns ', total
  !$acc exit data detach(d%q, d%m)
  !$acc exit data delete(d, base, grid)
  ! One component of an array of derived type.
  e%n = 6
  e%q => pts(:)%y
  !$acc enter data copyin(pts)
  !$acc enter data copyin(e)
  !$acc enter data attach(e%q)
  !$acc parallel loop present(e) copyout(r)
  do i = 1, e%n
    r(i) = e%q(i) + 1
  end do
  print '(a, 6f6.1)', 'component ', r
  !$acc exit data detach(e%q)
  !$acc exit data delete(e, pts)
  if (r(6) /= 61 .or. abs(sum(d%q) - 36) > 0) stop 1
end program
