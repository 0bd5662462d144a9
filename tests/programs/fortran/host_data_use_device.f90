! host_data_use_device.f90: host_data use_device passes the device address of arrays to a
! bind(c) procedure through c_loc, and to a Fortran procedure whose compute region uses
! deviceptr; host_data with if(.false.), which leaves the host address, and with if_present on
! present and absent data. (Each deviceptr region runs once: the gfortran 12 reference build
! crashes when one runs a second time.)
module devsub
  use iso_c_binding
  implicit none
contains
  subroutine negate(n, v)
    integer, intent(in) :: n
    integer :: v(n)
    integer :: i
    !$acc parallel loop deviceptr(v)
    do i = 1, n
      v(i) = -v(i)
    end do
  end subroutine

  subroutine record(p, slot)
    type(c_ptr), intent(in) :: p
    integer(c_intptr_t), intent(out) :: slot
    slot = transfer(p, slot)
  end subroutine
end module devsub

program host_data_use_device
  use devsub
  implicit none
  integer, parameter :: n = 700
  integer, target :: a(n), b(n)
  integer(c_intptr_t) :: dev_a, dev_a2, dev_b, dev_b2, host_a
  integer :: i

  a = [(i, i = 1, n)]
  b = 3
  host_a = transfer(c_loc(a), host_a)
  !$acc data copy(a)
  !$acc host_data use_device(a)
  call negate(n, a)
  call record(c_loc(a), dev_a)
  !$acc end host_data
  !$acc host_data use_device(a) if(.false.)
  call record(c_loc(a), dev_a2)
  !$acc end host_data
  !$acc end data
  !$acc data copy(b)
  !$acc host_data use_device(b) if_present
  call record(c_loc(b), dev_b)
  !$acc end host_data
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = b(i) * 2
  end do
  !$acc end data
  ! b is absent now: if_present leaves its host address.
  !$acc host_data use_device(b) if_present
  call record(c_loc(b), dev_b2)
  !$acc end host_data

  if (dev_b2 /= transfer(c_loc(b), dev_b2)) then
    print *, 'FAIL: if_present on absent data'
    stop 1
  end if
  ! (dev_a and dev_b may be equal: a's device copy is freed before b's is allocated.)
  if (dev_a == 0 .or. dev_b == 0 .or. dev_a2 /= host_a) then
    print *, 'FAIL: addresses'
    stop 1
  end if
  do i = 1, n
    if (a(i) /= -i .or. b(i) /= 6) then
      print *, 'FAIL: values', i
      stop 1
    end if
  end do
  print '(a,i0)', 'host_data: ', sum(a) + sum(b)
  print '(a)', 'host_data: PASS'
end program host_data_use_device
