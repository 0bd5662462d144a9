! scalar_pointer_components.f90: derived types with scalar pointer and scalar allocatable
! components (each the 8-byte address of its target in gfortran's layout), before and after the
! components device code uses: a pointer to a large type, a scalar allocatable, a pointer to
! the type itself (a linked list), then an allocatable array component and scalars. The
! parent is mapped, its array component entered and attached, and regions read and write the
! components after the pointers; the pointers themselves stay untouched by device code.
! (Found in Niceno/FortranOpenACC: the component offsets were computed as if the pointer's
! target were embedded, so 'enter data create(nat%r)' attached at a wild address.)
! accc-all-offloaded
module scalar_pointer_types
  implicit none
  type big_t
    real(8) :: values(4000)
  end type
  type node_t
    integer :: k
    type(big_t), pointer :: grid => null()
    real(8), allocatable :: scale
    type(node_t), pointer :: next => null()
    real(8), allocatable :: r(:)
    integer :: tail
  end type
  type field_t
    type(node_t), pointer :: owner => null()
    real, allocatable :: a(:)
  end type
end module

program scalar_pointer_components
  use scalar_pointer_types
  implicit none
  type(node_t), target :: nat
  type(node_t), target :: other
  type(field_t) :: f
  integer :: i, errors
  real(8) :: total

  errors = 0
  allocate(nat%grid, nat%scale, nat%r(1000), f%a(500))
  nat%grid%values = 1
  nat%scale = 2
  nat%next => other
  nat%k = 3
  nat%tail = 7
  f%owner => nat

  !$acc enter data copyin(nat)
  !$acc enter data create(nat%r)
  !$acc parallel loop present(nat)
  do i = 1, 1000
    nat%r(i) = i * nat%k + nat%tail
  end do
  !$acc exit data copyout(nat%r)
  !$acc exit data delete(nat)
  total = sum(nat%r)
  if (total /= 3 * 500500 + 7 * 1000) errors = errors + 1

  !$acc enter data create(f%a)
  !$acc parallel loop present(f%a)
  do i = 1, 500
    f%a(i) = 2 * i
  end do
  !$acc exit data copyout(f%a)
  if (sum(f%a) /= 2 * 125250) errors = errors + 2

  ! The pointers are intact after the round trips.
  if (.not. associated(nat%next, other)) errors = errors + 4
  if (.not. associated(f%owner, nat)) errors = errors + 8
  if (nat%scale /= 2 .or. nat%grid%values(4000) /= 1) errors = errors + 16

  print *, total, sum(f%a)
  if (errors /= 0) then
    print *, 'scalar_pointer_components: FAILED', errors
    stop 1
  end if
  print *, 'scalar_pointer_components: ok'
end program
