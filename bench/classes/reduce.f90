! Reduction speed by operator in Fortran: the same loop over 2**24 reals with reduction(+),
! with reduction(max) written as max(m, a(i)), and the max(e, abs(a(i) - b(i))) error. Built as
! bench/classes/reduce.c is (accc, OpenMP, serial).
program reduce
  implicit none
  integer, parameter :: n = 2**24, reps = 10
  real(8), allocatable :: a(:), b(:)
  real(8) :: s, m, e, best(3)
  integer(8) :: c0, c1, c2, c3, rate
  integer :: i, r
  allocate(a(n), b(n))
  do i = 1, n
    a(i) = sin(i * 0.001d0)
    b(i) = cos(i * 0.002d0)
  end do
  call system_clock(count_rate=rate)
  best = 1d9
  !$acc data copyin(a, b)
  do r = 1, reps
    call system_clock(c0)
    s = 0
    !$acc parallel loop reduction(+:s)
    !$omp parallel do reduction(+:s)
    do i = 1, n
      s = s + a(i)
    end do
    call system_clock(c1)
    m = -huge(m)
    !$acc parallel loop reduction(max:m)
    !$omp parallel do reduction(max:m)
    do i = 1, n
      m = max(m, a(i))
    end do
    call system_clock(c2)
    e = 0
    !$acc parallel loop reduction(max:e)
    !$omp parallel do reduction(max:e)
    do i = 1, n
      e = max(e, abs(a(i) - b(i)))
    end do
    call system_clock(c3)
    best = min(best, real([c1 - c0, c2 - c1, c3 - c2], 8) / real(rate, 8))
  end do
  !$acc end data
  print '(a,f12.9)', 'fortran_sum ', best(1)
  print '(a,f12.9)', 'fortran_max ', best(2)
  print '(a,f12.9)', 'fortran_max_abs ', best(3)
  print '(a,3f14.6)', 'checksum ', s, m, e
end program
