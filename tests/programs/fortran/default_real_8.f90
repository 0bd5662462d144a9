! Code built with gfortran's -fdefault-real-8 (Niceno's FortranOpenACC, many CFD codes): its
! `real` variables are 8 bytes. accc's device code reads `real` as 4 bytes, so under an option
! that changes the default kinds every region keeps its original code, with a warning (it read
! the 8-byte values as 4-byte ones: a sum of 0.0, and the kernels loop wrote half the array).
! The answers are exact in both kinds, so the reference build (without the option) prints the
! same.
! accc-flags: -fdefault-real-8
program default_real_8
  implicit none
  real :: a(1000), s
  integer :: i
  do i = 1, 1000
    a(i) = 0.5 * i
  end do
  s = 0
  !$acc parallel loop reduction(+:s) copyin(a)
  do i = 1, 1000
    s = s + a(i)
  end do
  print '(a, f12.1)', 'sum ', s
  !$acc kernels copy(a)
  do i = 1, 1000
    a(i) = a(i) * 2
  end do
  !$acc end kernels
  print '(a, f12.1)', 'doubled ', sum(a)
end program
