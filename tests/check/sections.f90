! Fortran: array sections of a local (stack) array in a subroutine, under structured and
! unstructured data: a missing update self, then a section created and read uninitialised.
subroutine work(total)
  implicit none
  real(8), intent(out) :: total
  real(8) :: s(4096)
  integer :: i
  s = 1.0d0
  total = 0.0d0
  !$acc data copy(s(101:4000))
  !$acc parallel loop
  do i = 101, 4000
    s(i) = 2.0d0 * i
  end do
  total = total + s(2000)
  ! expect: the host reads 's(101:4000)' (copy at sections.f90:10, function work) while its device copy is newer: the kernel at sections.f90:11, function work wrote it and no update self or copyout brought it back
  !$acc end data
  !$acc enter data create(s(1:2048))
  !$acc parallel loop present(s(1:2048)) reduction(+:total)
  do i = 1, 2048
    total = total + s(i)
  end do
  ! expect: the kernel at sections.f90:19, function work reads 's(1:2048)' (create at sections.f90:18, function work) on the device before anything wrote it
  !$acc exit data delete(s(1:2048))
end subroutine work

program sections
  implicit none
  real(8) :: total
  call work(total)
  print '(f14.1)', total
end program sections
