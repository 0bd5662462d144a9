! Compute constructs inside `associate` constructs whose names stand for variables (ecrad's
! `associate (exponential => transmittance, ...)` around its loops): the names are the
! variables, in the region's code and in its clauses, through an associate of an associate
! name, and where an associate name hides a variable of the same name. accc-all-offloaded
program associate_around_region
  implicit none
  integer, parameter :: n = 8
  real :: t(n), s(n), u(n), k(n), total
  integer :: i
  t = 1
  s = 2
  u = 0
  k = 100
  associate (e => t, k => s)
    ! `k` is `s` here, not the program's `k`.
    !$acc parallel loop copy(e) copyin(k)
    do i = 1, n
      e(i) = e(i) + k(i)
    end do
    associate (f => e)
      !$acc parallel loop copyout(u) copyin(f)
      do i = 1, n
        u(i) = f(i) * i
      end do
    end associate
    !$acc kernels copyin(k)
    u(1) = u(1) + k(1)
    !$acc end kernels
  end associate
  total = 0
  associate (w => u)
    !$acc parallel loop reduction(+:total)
    do i = 1, n
      total = total + w(i)
    end do
  end associate
  print '(a, 2f7.1, a, f7.1, a, f7.1)', 't ', t(1), t(n), ' u(1) ', u(1), ' total ', total
  if (t(n) /= 3 .or. u(1) /= 5 .or. total /= 110 .or. k(1) /= 100) stop 1
end program
