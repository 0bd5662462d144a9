! A `vector` routine whose loop reduces into a dummy argument and a `worker` routine whose
! loop reduces into a local, called from gang loops. (accc used to fail building this
! program: the routine's dummy had no binding for the reduction's partial.)
module rowops
  implicit none
contains
  subroutine rowsum(a, n, s)
    !$acc routine vector
    integer, intent(in) :: n
    real(8), intent(in) :: a(n)
    real(8), intent(out) :: s
    integer :: j
    s = 0d0
    !$acc loop vector reduction(+:s)
    do j = 1, n
      s = s + a(j)
    end do
  end subroutine

  integer function rowmax(k, n)
    !$acc routine worker
    integer, intent(in) :: n
    integer, intent(in) :: k(n)
    integer :: j, best
    best = -huge(best)
    !$acc loop worker reduction(max:best)
    do j = 1, n
      best = max(best, k(j))
    end do
    rowmax = best
  end function
end module

program routine_loop_reduction
  use rowops
  implicit none
  integer, parameter :: n = 96, m = 24
  real(8) :: a(n, m), s(m)
  integer :: k(n, m), best(m), i, j, errors
  do i = 1, m
    do j = 1, n
      a(j, i) = dble(mod(i * j, 13))
      k(j, i) = mod(i * 31 + j * 17, 101) - 50
    end do
  end do
  !$acc parallel loop gang copyin(a) copyout(s)
  do i = 1, m
    call rowsum(a(:, i), n, s(i))
  end do
  !$acc parallel loop gang copyin(k) copyout(best)
  do i = 1, m
    best(i) = rowmax(k(:, i), n)
  end do
  errors = 0
  do i = 1, m
    if (s(i) /= sum(a(:, i))) errors = errors + 1
    if (best(i) /= maxval(k(:, i))) errors = errors + 1
  end do
  print '(a, i0)', 'routine loop reductions: errors ', errors
  print '(f0.1, 1x, i0)', sum(s), sum(best)
  if (errors /= 0) stop 1
end program
