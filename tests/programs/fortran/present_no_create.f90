! present_no_create.f90: present on compute constructs inside a data region and in a subroutine
! called from it; no_create on data that is present (used) and absent (not referenced).
module present_mod
  implicit none
contains
  subroutine scale(x, n, f)
    integer, intent(in) :: n, f
    integer, intent(inout) :: x(n)
    integer :: i
    !$acc parallel loop present(x)
    do i = 1, n
      x(i) = x(i) * f
    end do
  end subroutine
end module present_mod

program present_no_create
  use present_mod
  implicit none
  integer, parameter :: n = 800
  integer :: a(n), unused(10), i
  logical :: use_unused

  a = [(i, i = 1, n)]
  unused = 5
  use_unused = .false.
  !$acc data copy(a)
  call scale(a, n, 3)
  !$acc parallel loop present(a(1:n))
  do i = 1, n
    a(i) = a(i) + 1
  end do
  !$acc parallel loop no_create(a, unused)
  do i = 1, n
    a(i) = a(i) - 2
    if (use_unused) unused(1) = 0
  end do
  !$acc end data

  do i = 1, n
    if (a(i) /= 3 * i - 1) then
      print *, 'FAIL: a', i
      stop 1
    end if
  end do
  if (any(unused /= 5)) then
    print *, 'FAIL: unused'
    stop 1
  end if
  print '(a,i0)', 'present/no_create: ', sum(a)
  print '(a)', 'present/no_create: PASS'
end program present_no_create
