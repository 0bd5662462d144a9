! alloc_components.f90: allocatable array components of derived types in device code: mapped
! with the parent (enter data of the parent, then of its components, which attaches each
! component's descriptor in the parent's device copy to the device copy of its data), read and
! written by elements in compute regions, ranks 1 to 3, lower bounds other than 1, a nested
! type, update of a component, a structured data region, and the same type mapped again after
! reallocation. Also the parent left to the implicit rules: a compute construct that maps only
! a component (the parent is copied implicitly and the component attached in its copy), and a
! data region that maps only a component around a compute construct that uses the parent.
module mesh_types
  implicit none
  type inner
    integer :: tag
    real(8), allocatable :: w(:)
  end type
  type mesh
    integer :: n, m
    real(8), allocatable :: u(:)
    real(4), allocatable :: grid(:, :)
    integer, allocatable :: cube(:, :, :)
    type(inner) :: sub
    real(8) :: scale
  end type
end module

program alloc_components
  use mesh_types
  implicit none
  type(mesh) :: t
  type(inner) :: b
  integer :: i, j, k, errors
  real(8) :: total

  errors = 0
  t%n = 100
  t%m = 6
  t%scale = 0.5d0
  t%sub%tag = 7
  allocate (t%u(t%n), t%grid(0:t%n - 1, -2:t%m - 3), t%cube(2, 3, 4), t%sub%w(-5:t%n - 6))
  t%u = [(real(i, 8), i = 1, t%n)]
  t%grid = 1.0
  t%cube = 0
  t%sub%w = 2.0d0

  !$acc enter data copyin(t)
  !$acc enter data copyin(t%u, t%grid, t%sub%w) create(t%cube)

  !$acc parallel loop present(t)
  do i = 1, t%n
    t%u(i) = t%u(i) * t%scale + t%sub%w(i - 6)
  end do

  !$acc parallel loop collapse(2) present(t)
  do j = -2, t%m - 3
    do i = 0, t%n - 1
      t%grid(i, j) = t%grid(i, j) + real(i + 10 * j, 4)
    end do
  end do

  !$acc parallel loop collapse(3) present(t)
  do k = 1, 4
    do j = 1, 3
      do i = 1, 2
        t%cube(i, j, k) = i + 10 * j + 100 * k + t%sub%tag
      end do
    end do
  end do

  ! the host changes w, the device gets it by update, the kernel reads it
  t%sub%w = 3.0d0
  !$acc update device(t%sub%w)
  !$acc parallel loop present(t)
  do i = 1, t%n
    t%u(i) = t%u(i) + t%sub%w(i - 6)
  end do

  !$acc exit data copyout(t%u, t%grid, t%cube) delete(t%sub%w)
  !$acc exit data delete(t)

  do i = 1, t%n
    if (t%u(i) /= real(i, 8) * 0.5d0 + 5.0d0) errors = errors + 1
  end do
  do j = -2, t%m - 3
    do i = 0, t%n - 1
      if (t%grid(i, j) /= 1.0 + real(i + 10 * j, 4)) errors = errors + 1
    end do
  end do
  do k = 1, 4
    do j = 1, 3
      do i = 1, 2
        if (t%cube(i, j, k) /= i + 10 * j + 100 * k + 7) errors = errors + 1
      end do
    end do
  end do
  ! the host descriptors still point to host memory
  if (t%sub%w(-5) /= 3.0d0) errors = errors + 1

  ! reallocated with another size and mapped again, in a structured data region
  deallocate (t%u)
  allocate (t%u(3:2 * t%n + 2))
  t%u = 1.0d0
  !$acc data copyin(t)
  !$acc data copy(t%u)
  !$acc parallel loop present(t)
  do i = 3, 2 * t%n + 2
    t%u(i) = t%u(i) + real(i, 8)
  end do
  !$acc end data
  !$acc end data
  total = sum(t%u)
  if (total /= real(2 * t%n, 8) + real((2 * t%n + 2) * (2 * t%n + 3) / 2 - 3, 8)) errors = errors + 1

  ! only the component in the clause: b itself is copied implicitly, then b%w attached
  b%tag = 3
  allocate (b%w(50))
  b%w = 1.0d0
  !$acc parallel loop copy(b%w)
  do i = 1, 50
    b%w(i) = b%w(i) + i * b%tag
  end do
  if (sum(b%w) /= 50.0d0 + 3.0d0 * 1275.0d0) errors = errors + 1
  ! a data region maps only the component; the compute construct uses b (implicit copy of b,
  ! implicit present of b%w, which attaches it)
  !$acc data copy(b%w)
  !$acc parallel loop
  do i = 1, 50
    b%w(i) = 2.0d0 * b%w(i)
  end do
  !$acc end data
  if (sum(b%w) /= 2.0d0 * (50.0d0 + 3.0d0 * 1275.0d0)) errors = errors + 1

  print '(a,i0,a,f0.1)', 'alloc_components: errors ', errors, ' total ', total
  if (errors /= 0) stop 1
  print '(a)', 'alloc_components: PASS'
end program
