! kernels_construct.f90: a kernels region holding several loop nests and an array assignment,
! with data moved by copyin/copyout/create; kernels loop independent; results checked serially.
program kernels_construct
  implicit none
  integer, parameter :: n = 300, m = 200
  integer :: a(n, m), b(n, m), c(n), tmp(n)
  integer :: i, j, want
  do j = 1, m
    do i = 1, n
      a(i, j) = mod(i * j, 17) - 8
    end do
  end do

  !$acc kernels copyin(a) copyout(b, c) create(tmp)
  do j = 1, m
    do i = 1, n
      b(i, j) = 3 * a(i, j) + 1
    end do
  end do
  tmp(:) = 0
  do i = 1, n
    do j = 1, m
      tmp(i) = tmp(i) + b(i, j)
    end do
  end do
  c = tmp * 2
  !$acc end kernels

  do i = 1, n
    want = 0
    do j = 1, m
      want = want + 3 * (mod(i * j, 17) - 8) + 1
      if (b(i, j) /= 3 * (mod(i * j, 17) - 8) + 1) then
        print *, 'FAIL: b', i, j
        stop 1
      end if
    end do
    if (c(i) /= 2 * want) then
      print *, 'FAIL: c', i, c(i), 2 * want
      stop 1
    end if
  end do
  print '(a,i0)', 'kernels: sum(c) = ', sum(c)
  print '(a)', 'kernels: PASS'
end program kernels_construct
