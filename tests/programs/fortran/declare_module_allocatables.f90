! Module allocatables named in `declare create` get their device copy at each `allocate`,
! whatever the allocating scope calls them and whichever module declares them: two modules of
! one file each declaring a private `buf`, and a variable allocated through a renaming `use`
! (`use m1, only: b => data`).
module declare_first
  implicit none
  integer, allocatable :: data(:)
  !$acc declare create(data)
  integer, allocatable, private :: buf(:)
  !$acc declare create(buf)
contains
  integer function first_sum(n)
    integer, intent(in) :: n
    integer :: i
    allocate(buf(n))
    buf = 1
    !$acc update device(buf)
    first_sum = 0
    !$acc parallel loop reduction(+:first_sum) present(buf)
    do i = 1, n
      first_sum = first_sum + buf(i)
    end do
    deallocate(buf)
  end function
end module

module declare_second
  implicit none
  integer, allocatable, private :: buf(:)
  !$acc declare create(buf)
contains
  integer function second_sum(n)
    integer, intent(in) :: n
    integer :: i
    allocate(buf(n))
    buf = 2
    !$acc update device(buf)
    second_sum = 0
    !$acc parallel loop reduction(+:second_sum) present(buf)
    do i = 1, n
      second_sum = second_sum + buf(i)
    end do
    deallocate(buf)
  end function
end module

program declare_module_allocatables
  use declare_first, only: first_sum, b => data
  use declare_second, only: second_sum
  implicit none
  integer :: i, s1, s2, s3
  s1 = first_sum(10)
  s2 = second_sum(10)
  allocate(b(10))
  b = 3
  !$acc update device(b)
  !$acc parallel loop present(b)
  do i = 1, 10
    b(i) = b(i) + i
  end do
  !$acc update self(b)
  s3 = sum(b)
  deallocate(b)
  print '(3(a, i0))', 'first ', s1, ' second ', s2, ' renamed ', s3
  if (s1 /= 10 .or. s2 /= 20 .or. s3 /= 85) stop 1
end program
