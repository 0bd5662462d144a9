! A device routine reading a scalar allocatable and a scalar pointer module variable: their
! linker symbols hold the address of the value, not the value, so the routine is not compiled
! for the device and the region calling it runs on the host, with the right answer (it used to
! add the low bits of the heap address; found from jeng1220/openacc_fortran_examples'
! device_variable.f90). Their module 'declare' maps them at their 'allocate', never at the
! symbol (it mapped the symbol as if it held the value, and a host fallback under the data
! checker wrote the device copy's bytes over the pointer). A region using the same variables
! directly is offloaded.
module scalar_state
  implicit none
  integer, allocatable :: galloc
  integer, pointer :: gptr
  !$acc declare create(galloc, gptr)
contains
  integer function addg(i)
    !$acc routine seq
    integer :: i
    addg = i + galloc
  end function
  integer function addp(i)
    !$acc routine seq
    integer :: i
    addp = i + gptr
  end function
end module

program routine_module_scalar_allocatable
  use scalar_state
  implicit none
  integer :: i, a(4), b(4), c(4)
  allocate(galloc)
  galloc = 1000
  allocate(gptr)
  gptr = 50
  !$acc update device(galloc, gptr)
  !$acc parallel loop copyout(a)
  do i = 1, 4
    a(i) = addg(i)
  end do
  !$acc parallel loop copyout(b)
  do i = 1, 4
    b(i) = addp(i)
  end do
  !$acc parallel loop copyout(c)
  do i = 1, 4
    c(i) = i + galloc
  end do
  print *, a
  print *, b
  print *, c
  if (any(a /= [1001, 1002, 1003, 1004]) .or. any(b /= [51, 52, 53, 54]) &
      .or. any(c /= a)) stop 1
end program
