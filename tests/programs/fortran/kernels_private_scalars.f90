! Scalars a kernels region uses without a clause are `copy` (shared); when each iteration of an
! `independent` loop assigns them before any other use (`w = -1; e = 1`, then `f(i + w)`), every
! iteration needs its own copy, as NVHPC gives it: shared, the iterations would read one
! another's offsets (a diffusion stencil from a lecture course ended in NaN on multicore).
program kernels_private_scalars
  implicit none
  integer, parameter :: n = 48
  real :: f(n, n, n), fn(n, n, n)
  integer :: i, j, k, w, e, it, bad
  f = 1.0
  bad = 0
  do it = 1, 20
    !$acc kernels copyin(f) copyout(fn)
    !$acc loop independent
    do k = 1, n
      !$acc loop independent
      do j = 1, n
        !$acc loop independent
        do i = 1, n
          w = -1
          e = 1
          if (i == 1) w = 0
          if (i == n) e = 0
          fn(i, j, k) = f(i + w, j, k) + 2 * f(i + e, j, k) + i + 10 * w
        end do
      end do
    end do
    !$acc end kernels
    do k = 1, n
      do j = 1, n
        if (fn(1, j, k) /= 4.0) bad = bad + 1
        do i = 2, n
          if (fn(i, j, k) /= i - 7.0) bad = bad + 1
        end do
      end do
    end do
  end do
  if (bad /= 0) then
    print *, 'kernels_private_scalars: wrong values', bad
    stop 1
  end if
  print *, 'kernels_private_scalars: ok'
end program
