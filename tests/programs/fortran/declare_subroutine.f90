! declare_subroutine.f90: declare in a subroutine's specification part: create for a local work
! array, copyin for an intent(in) dummy, copyout for an intent(out) dummy and copy for an
! intent(inout) dummy; the data lives for the subroutine's call, in which compute regions use it.
module declare_sub
  implicit none
contains
  subroutine smooth(n, x, y, z)
    integer, intent(in) :: n
    integer, intent(in) :: x(n)
    integer, intent(out) :: y(n)
    integer, intent(inout) :: z(n)
    integer :: work(n), i
    !$acc declare create(work) copyin(x) copyout(y) copy(z)
    !$acc parallel loop
    do i = 1, n
      work(i) = 2 * x(i)
    end do
    !$acc parallel loop
    do i = 1, n
      y(i) = work(i) + work(n + 1 - i)
      z(i) = z(i) + y(i)
    end do
  end subroutine
end module declare_sub

program declare_subroutine
  use declare_sub
  implicit none
  integer, parameter :: n = 333
  integer :: x(n), y(n), z(n), i
  x = [(i, i = 1, n)]
  z = 1
  call smooth(n, x, y, z)
  call smooth(n, x, y, z)
  do i = 1, n
    if (y(i) /= 2 * (n + 1) .or. z(i) /= 1 + 4 * (n + 1)) then
      print *, 'FAIL: declare', i, y(i), z(i)
      stop 1
    end if
  end do
  print '(a,i0)', 'declare (subroutine): ', sum(z)
  print '(a)', 'declare (subroutine): PASS'
end program declare_subroutine
