! host_data_mpi_halo.f90: host_data use_device as MPI codes use it: procedures standing in for
! mpi_send and mpi_recv get array elements inside the construct, so they must get the device
! copy's addresses. A kernel writes the array on the device (a device with its own memory leaves
! the host copy as it was), the "send" reads the kernel's values through the element it is
! passed, the "receive" writes through it, and a second kernel sees what it wrote. Like a
! GPU-aware MPI, the stand-ins move the bytes with the device's copy functions (the C entry
! points acc_memcpy_from_device and acc_memcpy_to_device): a host load through a device address
! fails on a GPU with memory of its own. On the host and multicore devices the device copy is
! the host array, and the same checks hold.
module fake_mpi
  use iso_c_binding
  implicit none
  real(8), target :: sent(4)
  interface
    subroutine memcpy_from_device(host, device, bytes) bind(c, name='acc_memcpy_from_device')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: host, device
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine memcpy_to_device(device, host, bytes) bind(c, name='acc_memcpy_to_device')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: device, host
      integer(c_size_t), value :: bytes
    end subroutine
  end interface
contains
  subroutine fake_send(buffer, count)
    integer, intent(in) :: count
    real(8), intent(in), target :: buffer(*)
    call memcpy_from_device(c_loc(sent), c_loc(buffer), int(8 * count, c_size_t))
  end subroutine

  subroutine fake_recv(buffer, count)
    integer, intent(in) :: count
    real(8), intent(out), target :: buffer(*)
    real(8), target :: received(8)
    integer :: k
    do k = 1, count
      received(k) = 1000 + k
    end do
    call memcpy_to_device(c_loc(buffer), c_loc(received), int(8 * count, c_size_t))
  end subroutine
end module fake_mpi

program host_data_mpi_halo
  use fake_mpi
  implicit none
  integer, parameter :: n = 64
  real(8) :: u(n), seen(3)
  integer :: i, k, errors

  u = [(real(i, 8), i = 1, n)]
  !$acc data copyin(u) copyout(seen)
  !$acc parallel loop present(u)
  do i = 1, n
    u(i) = 2 * i
  end do
  !$acc host_data use_device(u)
  call fake_send(u(9), 4)
  call fake_recv(u(21), 3)
  !$acc end host_data
  !$acc parallel loop present(u, seen)
  do k = 1, 3
    seen(k) = u(20 + k)
  end do
  !$acc end data
  errors = 0
  do k = 1, 4
    if (sent(k) /= 2 * (8 + k)) errors = errors + 1
  end do
  do k = 1, 3
    if (seen(k) /= 1000 + k) errors = errors + 1
  end do
  print '(a,4f6.0,a,3f6.0,a,i0)', 'host_data_mpi_halo: sent', sent, ', received', seen, &
    ', errors = ', errors
  if (errors /= 0) stop 1
end program host_data_mpi_halo
