! Fortran: a kernel reads a device copy the host changed after copying it (no update device),
! and a created array nothing initialised on the device.
program stale_device
  implicit none
  integer, parameter :: n = 30000
  real, allocatable :: x(:), y(:), w(:)
  integer :: i

  allocate (x(n), y(n), w(n))
  x = 1.0
  !$acc data copyin(x) copyout(y)
  x(n / 2) = 5.0   ! the host's change stays on the host
  !$acc parallel loop
  do i = 1, n
    y(i) = 2.0 * x(i)
  end do
  ! expect: the kernel at stale_device.f90:13, function stale_device reads 'x' (copyin at stale_device.f90:11, function stale_device), whose device copy is older than the host's: the host changed it after it was copied to the device, with no update device
  !$acc end data

  w = 3.0
  !$acc data create(w) copy(y)
  !$acc parallel loop
  do i = 1, n
    y(i) = y(i) + w(i)
  end do
  ! expect: the kernel at stale_device.f90:22, function stale_device reads 'w' (create at stale_device.f90:21, function stale_device) on the device before anything wrote it
  !$acc end data
  print '(f10.1)', y(1)
end program stale_device
