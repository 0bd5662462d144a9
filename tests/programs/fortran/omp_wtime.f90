! OpenACC programs often time themselves with OpenMP's omp_get_wtime: gfortran -fopenacc
! links libgomp for it, and so does accc (only when used).
program omp_wtime
  use omp_lib
  implicit none
  real(8) :: a(1000), start, elapsed
  integer :: i
  start = omp_get_wtime()
  !$acc parallel loop copyout(a)
  do i = 1, 1000
    a(i) = 0.5d0 * i
  end do
  elapsed = omp_get_wtime() - start
  print '(a,f10.1,a,l1)', 'sum ', sum(a), ' elapsed ok ', elapsed >= 0
end program omp_wtime
