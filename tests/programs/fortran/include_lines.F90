! INCLUDE lines (gfortran's search: the source file's directory, then -I), found by the host
! compile of accc's rewritten source from any working directory and known to the analysis (the
! parameters sizing the region's arrays come from them); '!$acc end loop' (not OpenACC, which
! gfortran and NVHPC accept) is ignored with a warning, and '!$acc end kernels' closing a
! 'kernels loop' (gfortran refuses it: accc only, ACCRT_OPENACC) ends the combined construct.
program include_lines
  implicit none
  include 'include_lines.inc'
  integer :: i
  real(8) :: a(NPOINTS), b(NPOINTS), s

  !$acc parallel copyout(a)
  !$acc loop
  do i = 1, NPOINTS
    a(i) = i * SCALE
  end do
  !$acc end loop
  !$acc end parallel

#ifdef ACCRT_OPENACC
  !$acc kernels loop copyin(a) copyout(b)
  do i = 1, NPOINTS
    b(i) = 2 * a(i)
  end do
  !$acc end kernels
#else
  b = 2 * a
#endif

  s = 0
  !$acc parallel loop reduction(+:s) copyin(b)
  do i = 1, NPOINTS
    s = s + b(i)
  end do
  print '(a, f10.2, f8.2)', 'sum', s, a(NPOINTS)
end program include_lines
