! Scalars a compute construct names without a clause are firstprivate (OpenACC 3.3 §2.5.1):
! each gang works on its own copy, and the original keeps its value. The host device runs the
! construct's host fallback (ACC_DEVICE_TYPE=host), which must keep the originals too, as the
! kernels on multicore and gfortran -fopenacc do (the host device left the fallback's writes in
! them). Loop variables and reduction variables are not restored.
program implicit_firstprivate_fallback
  implicit none
  integer, parameter :: n = 8
  integer :: i, j, s, c, a(n)
  real(8) :: last, tot
  s = 0
  c = 3
  last = -1
  tot = 0
  !$acc parallel loop copyout(a)
  do i = 1, n
    s = i * 2
    a(i) = s + c
  end do
  !$acc parallel copyin(a)
  !$acc loop reduction(+:tot)
  do j = 1, n
    last = a(j) - 1.5d0
    tot = tot + last
  end do
  !$acc end parallel
  !$acc serial
  c = c * 2
  !$acc end serial
  print '(3i4, 2f8.2)', s, c, sum(a), last, tot
end program implicit_firstprivate_fallback
