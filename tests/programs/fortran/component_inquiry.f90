! component_inquiry.f90: size, lbound and ubound of allocatable and pointer array components
! in device code, read from the component's descriptor in the parent's device copy: loop
! bounds taken from size(t%a) (an array of types holding pointer arrays of different lengths,
! as jeng1220/openacc_fortran_examples' array_of_pointers does), a 2-D component with lower
! bounds other than 1 (size with and without dim, lbound, ubound, kind=8), and an empty
! component (lbound 1, ubound 0, size 0, as gfortran gives). accc-all-offloaded
module holders
  implicit none
  type ragged
    integer, pointer :: p(:)
  end type
  type grid
    real(8), allocatable :: v(:, :)
    integer, allocatable :: e(:)
  end type
end module holders

program component_inquiry
  use holders
  implicit none
  type(ragged), allocatable :: rows(:)
  integer, target, allocatable :: a1(:), a2(:), a3(:)
  type(grid) :: g
  integer :: i, j, t, sums(3), info(9)
  integer(8) :: total

  allocate(a1(5), a2(3), a3(6))
  a1 = [(i, i = 1, 5)]
  a2 = [(10 * i, i = 1, 3)]
  a3 = [(100 * i, i = 1, 6)]
  allocate(rows(3))
  rows(1)%p => a1
  rows(2)%p => a2
  rows(3)%p => a3
  !$acc enter data copyin(rows)
  do i = 1, 3
    !$acc enter data copyin(rows(i)%p)
  end do
  !$acc parallel loop gang present(rows) copyout(sums) private(t)
  do i = 1, 3
    t = 0
    !$acc loop vector reduction(+:t)
    do j = 1, size(rows(i)%p)
      t = t + rows(i)%p(j) * j
    end do
    sums(i) = t
  end do
  do i = 1, 3
    !$acc exit data delete(rows(i)%p)
  end do
  !$acc exit data delete(rows)

  allocate(g%v(-2:4, 3:5), g%e(0))
  g%v = 1
  !$acc enter data copyin(g)
  !$acc enter data copyin(g%v, g%e)
  !$acc serial present(g) copyout(info, total)
  info(1) = size(g%v)
  info(2) = size(g%v, 1)
  info(3) = size(g%v, dim=2)
  info(4) = lbound(g%v, 1)
  info(5) = ubound(g%v, 1)
  info(6) = lbound(g%v, 2)
  info(7) = ubound(g%v, 2)
  info(8) = lbound(g%e, 1) * 10 + ubound(g%e, 1)
  info(9) = size(g%e)
  total = size(g%v, kind=8) * 1000000000_8
  !$acc end serial
  !$acc exit data delete(g%v, g%e)
  !$acc exit data delete(g)

  print *, sums
  print *, info
  print *, total
  if (any(sums /= [55, 140, 9100]) .or. any(info /= [21, 7, 3, -2, 4, 3, 5, 10, 0]) &
      .or. total /= 21000000000_8) then
    print *, 'FAIL'
    stop 1
  end if
end program component_inquiry
