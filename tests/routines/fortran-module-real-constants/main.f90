! Device code using another file's real and logical module constants (a_consts.f90): each
! region is offloaded and gives the host's values exactly.
program main
  use consts
  implicit none
  real(dp) :: x(8), expected(8)
  real :: y(2)
  integer :: i, n, errors
  do i = 1, 8
    x(i) = i - 4
  end do
  n = 0
  !$acc parallel loop copy(x) reduction(+:n)
  do i = 1, 8
    if (abs(x(i)) > tiny .and. on) n = n + 1
    if (off) n = n + 100
    x(i) = x(i) * widened + third8 + root2 / big
  end do
  !$acc parallel loop copyout(y)
  do i = 1, 2
    y(i) = i * half + third
  end do
  errors = 0
  do i = 1, 8
    expected(i) = (i - 4) * widened + third8 + root2 / big
  end do
  if (n /= 7) errors = errors + 1
  if (any(x /= expected)) errors = errors + 2
  if (y(1) /= 1 * half + third .or. y(2) /= 2 * half + third) errors = errors + 4
  ! pi has no recorded value: this region stays on the host, with the same answer.
  !$acc parallel loop copy(x)
  do i = 1, 8
    x(i) = pi
  end do
  if (any(x /= pi)) errors = errors + 8
  if (errors /= 0) then
    print *, 'fortran-module-real-constants: FAILED', errors
    stop 1
  end if
end program
