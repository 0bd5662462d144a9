! enter_exit_data.f90: unstructured data lifetimes: enter data copyin/create, exit data
! copyout/delete, nested reference counts, finalize, and data entered in one subroutine and
! released in another.
module lifetime
  implicit none
  integer, parameter :: n = 600
  real(8), allocatable :: field(:)
contains
  subroutine setup()
    integer :: i
    allocate (field(n))
    field = [(real(i, 8), i = 1, n)]
    !$acc enter data copyin(field)
  end subroutine

  subroutine step()
    integer :: i
    !$acc parallel loop present(field)
    do i = 1, n
      field(i) = field(i) * 2.0d0
    end do
  end subroutine

  subroutine teardown()
    !$acc exit data copyout(field)
  end subroutine
end module lifetime

program enter_exit_data
  use lifetime
  implicit none
  integer :: a(100), b(100), c(100), i

  call setup()
  call step()
  call step()
  call teardown()
  do i = 1, n
    if (field(i) /= 4.0d0 * i) then
      print *, 'FAIL: field', i
      stop 1
    end if
  end do

  ! create + copyout; reference counts: two enters need two exits, finalize drops them all.
  a = [(i, i = 1, 100)]
  b = 0
  c = 0
  !$acc enter data create(b) copyin(a)
  !$acc enter data copyin(a)
  !$acc parallel loop present(a, b)
  do i = 1, 100
    b(i) = a(i) + 100
  end do
  !$acc exit data delete(a)
  !$acc parallel loop present(a, b)
  do i = 1, 100
    b(i) = b(i) + a(i)
  end do
  !$acc exit data copyout(b) delete(a) finalize
  do i = 1, 100
    if (b(i) /= 2 * i + 100) then
      print *, 'FAIL: b', i
      stop 1
    end if
  end do

  ! finalize on copyout after three enters.
  !$acc enter data copyin(c)
  !$acc enter data copyin(c)
  !$acc enter data copyin(c)
  !$acc parallel loop present(c)
  do i = 1, 100
    c(i) = -i
  end do
  !$acc exit data copyout(c) finalize
  if (any(c /= [(-i, i = 1, 100)])) then
    print *, 'FAIL: c'
    stop 1
  end if
  print '(a,i0,1x,i0)', 'enter/exit data: ', nint(sum(field)), sum(b)
  print '(a)', 'enter/exit data: PASS'
end program enter_exit_data
