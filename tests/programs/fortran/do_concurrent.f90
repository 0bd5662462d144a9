! accc-flags: -fdo-concurrent-to-acc=host
! (the accc options tests/run.sh and examples/Makefile use for this file)
! do_concurrent.f90: do concurrent loops (one and several indices, a mask, a step, nested in an
! OpenACC data region and inside a parallel loop body). gfortran 12 rejects the F2018 locality
! specifiers (local, local_init, shared) and the F2023 reduce, so they are not used here.
program do_concurrent
  implicit none
  integer, parameter :: n = 500, m = 40
  integer :: a(n), b(m, m), c(n), d(m, m), i, j

  do concurrent (i = 1:n)
    a(i) = i * i
  end do
  do concurrent (j = 1:m, i = 1:m)
    b(i, j) = i - j
  end do
  c = 0
  do concurrent (i = 1:n, mod(a(i), 3) == 1)
    c(i) = 1
  end do
  do concurrent (i = n:1:-5)
    c(i) = c(i) + 10
  end do

  !$acc data copyin(b) copyout(d)
  !$acc parallel loop
  do j = 1, m
    do concurrent (i = 1:m)
      d(i, j) = 2 * b(i, j)
    end do
  end do
  !$acc end data

  do i = 1, n
    if (a(i) /= i * i) then
      print *, 'FAIL: a', i
      stop 1
    end if
    if (c(i) /= merge(1, 0, mod(i * i, 3) == 1) + merge(10, 0, mod(n - i, 5) == 0)) then
      print *, 'FAIL: c', i
      stop 1
    end if
  end do
  do j = 1, m
    do i = 1, m
      if (b(i, j) /= i - j .or. d(i, j) /= 2 * (i - j)) then
        print *, 'FAIL: b/d', i, j
        stop 1
      end if
    end do
  end do
  print '(a,i0,1x,i0)', 'do concurrent: ', sum(c), count(c == 11)
  print '(a)', 'do concurrent: PASS'
end program do_concurrent
