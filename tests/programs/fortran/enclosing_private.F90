! A loop's private clause naming the variable of the loop around it (codes written for PGI and
! Cray compilers do this): the variable keeps its value, as NVHPC does, with a warning (a private
! copy would start undefined: gfortran's answer is then unusable, so its build leaves the clause
! out, ACCRT_OPENACC being accc's); and an array assignment whose sides are disjoint sections
! (s(:,2) = s(:,1) * 50), once refused as overlapping, runs on the device.
program enclosing_private
  implicit none
  integer, parameter :: n = 6
  real(8) :: a(n,n), s(n,3)
  integer :: i, j
  a = 0
  !$acc parallel loop copy(a)
  do j = 1, n
#ifdef ACCRT_OPENACC
    !$acc loop private(j)
#else
    !$acc loop
#endif
    do i = 1, n
      a(i,j) = i + 10*j
    end do
  end do
  s = 1
  !$acc kernels copy(s)
  s(:,2) = s(:,1) * 50
  s(:,3) = s(:,2) + 1
  !$acc end kernels
  print '(3f10.1)', sum(a), s(1,2), s(n,3)
end program enclosing_private
