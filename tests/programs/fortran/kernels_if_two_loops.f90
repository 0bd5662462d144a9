! kernels_if_two_loops.f90: a kernels region whose gang-divided loops run in turn inside one
! kernel (two `loop independent` loops under an `if`, as in CloverLeaf's advection kernels):
! gangs cannot wait for each other inside a kernel, so it runs as one gang (before, the second
! loop read elements other gangs had not written yet: wrong on GPUs and on multicore).
program kernels_if_two_loops
  implicit none
  integer, parameter :: n = 4096
  real(8) :: a(n), b(n)
  integer :: i, pass, errors
  real(8) :: want
  a = 0
  b = 0
  errors = 0
  do pass = 1, 2
    !$acc kernels copy(a, b)
    if (pass == 1) then
      !$acc loop independent
      do i = 1, n
        a(i) = i
      end do
      !$acc loop independent
      do i = 1, n
        b(i) = a(n + 1 - i) + 1
      end do
    else
      !$acc loop independent
      do i = 1, n
        a(i) = 2 * i
      end do
      !$acc loop independent
      do i = 1, n
        b(i) = a(mod(i + n / 2 - 1, n) + 1)
      end do
    end if
    !$acc end kernels
    do i = 1, n
      if (pass == 1) then
        want = n + 1 - i + 1
      else
        want = 2 * (mod(i + n / 2 - 1, n) + 1)
      end if
      if (b(i) /= want) errors = errors + 1
    end do
  end do
  print '(a,i0,a,f12.1)', 'kernels_if_two_loops: errors = ', errors, ', sum = ', sum(b)
  if (errors /= 0) stop 1
end program kernels_if_two_loops
