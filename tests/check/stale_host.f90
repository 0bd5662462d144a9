! Fortran: the host reads data whose device copy a kernel changed, without update self (an
! allocatable array under enter data), and after its device copy was deleted without copyout
! (a module array in a data region).
module fields
  implicit none
  real(8) :: m(4096)
end module fields

program stale_host
  use fields
  implicit none
  integer, parameter :: n = 20000
  real(8), allocatable :: a(:)
  real(8) :: total
  integer :: i

  allocate (a(n))
  a = 1.0d0
  !$acc enter data copyin(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = 2.0d0 * i
  end do
  total = a(n / 2)
  ! expect: the host reads 'a' (copyin at stale_host.f90:19, function stale_host) while its device copy is newer: the kernel at stale_host.f90:20, function stale_host wrote it and no update self or copyout brought it back
  !$acc exit data delete(a)

  m = 0.0d0
  !$acc data copyin(m)
  !$acc parallel loop
  do i = 1, 4096
    m(i) = i
  end do
  !$acc end data
  total = total + sum(m)
  ! expect: the host reads 'm' (copyin at stale_host.f90:29, function stale_host) after the kernel at stale_host.f90:30, function stale_host wrote its device copy, which was deleted without being copied out (stale_host.f90:29, function stale_host)
  print '(f12.1)', total
end program stale_host
