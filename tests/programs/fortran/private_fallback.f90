! private and firstprivate variables on the host device (ACC_DEVICE_TYPE=host), where the
! construct runs its host fallback: the variables must come out of the construct unchanged, as
! they do from the kernels (the fallback once wrote the originals: t and f leaked their last
! values, as gfortran -fopenacc does not).
program private_fallback
  implicit none
  integer, parameter :: n = 8
  integer :: a(n), t, i, f, w(3), m(2,3)
  real(8) :: r
  t = 5
  f = 100
  r = 0.5d0
  w = [7, 8, 9]
  m = 4
  !$acc parallel loop private(t, w, m) firstprivate(f, r) copyout(a)
  do i = 1, n
    t = i * 2
    w = i
    m = i
    a(i) = t + f + w(2) + int(4 * r)
    ! The firstprivate copies are written (each gang's own), with values that leave the
    ! answer the same however the iterations are divided among gangs.
    r = 2 * r
    r = r / 2
    f = f + i - i
  end do
  print '(3i5, f6.2, 3i3, 3i5)', t, f, a(1), r, w, a(n), sum(a), sum(m)
end program private_fallback
