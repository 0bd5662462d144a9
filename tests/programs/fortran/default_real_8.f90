! Code built with gfortran's options that change the default kinds (-fdefault-real-8 in
! Niceno's FortranOpenACC and many CFD codes, -fdefault-integer-8): its `real` variables are 8
! bytes, its integers and logicals 8 bytes, and so are literals without a kind, `kind(1.0)`,
! and the results of `real()`, `int()`, `count()` and `any()`. Device code read `real` as 4
! bytes (a sum of 0.0, and the kernels loop wrote half the array). The answers are exact in
! every kind, so the reference build (without the options) prints the same.
! accc-flags: -fdefault-real-8 -fdefault-integer-8
! accc-all-offloaded
program default_real_8
  implicit none
  real :: a(1000), s
  real(kind(1.0)) :: t
  integer :: i, n, big
  logical :: found
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
  t = 0
  n = 0
  big = 0
  found = .false.
  !$acc parallel copyin(a) copy(t, n, big, found)
  t = real(int(a(10)) / 4) + 0.25
  n = count(a > 500.0)
  big = int(a(1000)) * 1000 + 7
  found = any(a == 42.0)
  !$acc end parallel
  print '(a, f8.2, 3i10, l2)', 'mixed ', t, n, big, n + 1, found
end program
