! main.f90: a parallel loop calling module shapes' procedures of another file, read from its
! accc interface file, with strided sections, a 2-D section of a 3-D array, an allocatable and a
! pointer with other lower bounds, and an absent optional argument. `dot_from` and the others
! have assumed-shape, allocatable or pointer dummies, which gfortran's host versions take as
! array descriptors: the kernel calls the device versions a_shapes.o exports
! (`__accc_dev___shapes_MOD_dot_from`, ...), which take addresses and bounds, so the region is
! offloaded (compile.expected has no "not offloaded" remark) and the program checks the
! kernel's answers under multicore as well as the host fallback's.
program main
  use shapes
  implicit none
  integer, parameter :: n = 40
  integer :: x(3 * n), cube(4, 3, n), r1(n), r2(n), r3(n), r4(n), i, bad
  integer, allocatable :: a(:)
  integer, pointer :: p(:)
  integer, target :: t(50)

  x = [(mod(7 * i, 19), i = 1, 3 * n)]
  cube = 1
  allocate (a(-4:9))
  a = [(i * i, i = -4, 9)]
  t = [(i + 1, i = 1, 50)]
  p(-2:) => t(10:)
  !$acc parallel loop gang copyin(x, a, p) copy(cube) copyout(r1, r2, r3, r4)
  do i = 1, n
    r1(i) = dot_from(x(i:3 * n:3), x(1:n))
    call stamp(cube(:, :, i), i)
    r2(i) = alloc_span(a) + i
    r3(i) = ptr_first(p, i)
    r4(i) = ptr_first(p)
  end do
  bad = 0
  do i = 1, n
    if (r1(i) /= dot_from(x(i:3 * n:3), x(1:n))) bad = bad + 1
    if (cube(1, 1, i) /= 1 + i .or. cube(4, 3, i) /= 12 * (1 + i)) bad = bad + 1
    if (r2(i) /= 1000 * (-4) + 9 + 81 + i) bad = bad + 1
    if (r3(i) /= 11000 - 2 + i .or. r4(i) /= 11000 - 2) bad = bad + 1
  end do
  if (bad /= 0) then
    print *, 'fortran-module-shapes: FAIL', bad
    stop 1
  end if
end program main
