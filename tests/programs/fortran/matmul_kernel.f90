! matmul_kernel.f90: C = A * B three ways: collapse(2) with a seq inner product, gang/vector
! loops with a vector reduction, and kernels over the same nest; integer-valued reals make every
! result exact, checked against the matmul intrinsic.
program matmul_kernel
  implicit none
  integer, parameter :: n = 96, m = 80, p = 64
  real(8) :: a(n, p), b(p, m), c1(n, m), c2(n, m), c3(n, m), want(n, m), t
  integer :: i, j, k

  do k = 1, p
    do i = 1, n
      a(i, k) = real(mod(i + 2 * k, 7) - 3, 8)
    end do
  end do
  do j = 1, m
    do k = 1, p
      b(k, j) = real(mod(3 * k - j, 5), 8)
    end do
  end do

  !$acc data copyin(a, b) copyout(c1, c2, c3)
  !$acc parallel loop collapse(2) private(t)
  do j = 1, m
    do i = 1, n
      t = 0.0d0
      !$acc loop seq
      do k = 1, p
        t = t + a(i, k) * b(k, j)
      end do
      c1(i, j) = t
    end do
  end do

  !$acc parallel loop gang
  do j = 1, m
    !$acc loop worker private(t)
    do i = 1, n
      t = 0.0d0
      !$acc loop vector reduction(+:t)
      do k = 1, p
        t = t + a(i, k) * b(k, j)
      end do
      c2(i, j) = t
    end do
  end do

  !$acc kernels
  do j = 1, m
    do i = 1, n
      c3(i, j) = 0.0d0
      do k = 1, p
        c3(i, j) = c3(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
  !$acc end kernels
  !$acc end data

  want = matmul(a, b)
  if (any(c1 /= want) .or. any(c2 /= want) .or. any(c3 /= want)) then
    print *, 'FAIL: matmul'
    stop 1
  end if
  print '(a,i0)', 'matmul: sum = ', nint(sum(want))
  print '(a)', 'matmul: PASS'
end program matmul_kernel
