! accc-flags: -fdo-concurrent-to-acc=host
! (the accc options tests/run.sh and examples/Makefile use for this file)
! do_concurrent.f90: a 2-D blur and a saxpy written with `do concurrent`, the Fortran 2008
! parallel loop. Built with -fdo-concurrent-to-acc=host, accc runs them as OpenACC parallel loops;
! the result is checked against plain do loops.
program do_concurrent_f
  implicit none
  integer, parameter :: n = 512, steps = 10
  real(8), allocatable :: a(:, :), b(:, :), x(:), y(:)
  real(8) :: ref(n, n), tmp(n, n)
  integer :: i, j, s

  allocate (a(n, n), b(n, n), x(n * n), y(n * n))
  do concurrent (j = 1:n, i = 1:n)
    a(i, j) = real(mod(i * 7 + j * 13, 64), 8)
  end do
  b = a
  ref = a
  do s = 1, steps
    do concurrent (j = 2:n - 1, i = 2:n - 1)
      b(i, j) = 0.5d0 * a(i, j) + 0.125d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))
    end do
    do concurrent (j = 2:n - 1, i = 2:n - 1)
      a(i, j) = b(i, j)
    end do
  end do
  do concurrent (i = 1:n * n)
    x(i) = real(i, 8)
    y(i) = 2.0d0 * x(i) + 1.0d0
  end do

  tmp = ref
  do s = 1, steps
    do j = 2, n - 1
      do i = 2, n - 1
        tmp(i, j) = 0.5d0 * ref(i, j) + 0.125d0 * (ref(i - 1, j) + ref(i + 1, j) + ref(i, j - 1) &
                    + ref(i, j + 1))
      end do
    end do
    ref(2:n - 1, 2:n - 1) = tmp(2:n - 1, 2:n - 1)
  end do
  print '(a,f12.6)', 'do_concurrent_f: centre value ', a(n / 2, n / 2)
  if (any(a /= ref) .or. any(y /= [(2.0d0 * i + 1.0d0, i = 1, n * n)])) then
    print '(a)', 'do_concurrent_f: FAIL'
    stop 1
  end if
  print '(a)', 'do_concurrent_f: PASS'
end program do_concurrent_f
