! A derived-type variable put on the device before its allocatable component is allocated
! (`enter data create(c)`, then `allocate(c%v)` and `enter data create(c%v)`, as codes set up
! their fields): the attach of the component gives the device copy of `c` the whole
! descriptor, bounds and strides with the address, as they are after the allocation; a
! second allocation with other bounds, and a copyin of the holder, too.
program component_allocated_late
  implicit none
  type field
    integer :: id
    real(8), allocatable :: v(:)
    real(8), allocatable :: w(:, :)
  end type
  type(field) :: c, d
  real(8) :: res(4), tot
  integer :: i, j
  c%id = 1
  !$acc enter data create(c)
  allocate(c%v(4))
  !$acc enter data create(c%v)
  c%v = [4d0, 2d0, 1d0, 8d0]
  !$acc update device(c%v)
  !$acc parallel loop copyout(res) present(c)
  do i = 1, 4
    res(i) = c%v(i) * 2
  end do
  print '(a, 4f6.1)', 'v ', res
  !$acc exit data delete(c%v)
  deallocate(c%v)
  ! Again with other bounds.
  allocate(c%v(0:3))
  !$acc enter data create(c%v)
  c%v = [1d0, 2d0, 3d0, 4d0]
  !$acc update device(c%v)
  !$acc parallel loop copyout(res) present(c)
  do i = 0, 3
    res(i + 1) = c%v(i) + 10
  end do
  print '(a, 4f6.1)', 'v(0:3) ', res
  !$acc exit data delete(c%v)
  !$acc exit data delete(c)
  ! The holder copied in before its rank-2 component is allocated.
  d%id = 2
  !$acc enter data copyin(d)
  allocate(d%w(-1:1, 3))
  d%w = 1
  !$acc enter data copyin(d%w)
  tot = 0
  !$acc parallel loop collapse(2) reduction(+:tot) present(d)
  do j = 1, 3
    do i = -1, 1
      tot = tot + d%w(i, j) * (i + 2) * j
    end do
  end do
  !$acc exit data delete(d%w)
  !$acc exit data delete(d)
  print '(a, f6.1)', 'w ', tot
  if (res(4) /= 14 .or. tot /= 36) stop 1
end program
