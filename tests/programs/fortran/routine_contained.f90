! routine_contained.f90: contained procedures called from compute regions. The main program's
! contained function and subroutine and a module procedure's contained function have no host
! symbol a kernel could call: each becomes a device routine private to the file. One contained
! function uses a variable of its host, which a device routine cannot: the region calling it
! keeps its host fallback and must still give the right answer.
module contained_lib
  implicit none
contains
  subroutine triangle_rows(n, t)
    integer, intent(in) :: n
    integer, intent(out) :: t(n)
    integer :: i
    !$acc parallel loop copyout(t)
    do i = 1, n
      t(i) = tri(i)
    end do
  contains
    integer function tri(k)
      !$acc routine seq
      integer, intent(in) :: k
      tri = k * (k + 1) / 2
    end function
  end subroutine
end module contained_lib

program routine_contained
  use contained_lib
  implicit none
  integer, parameter :: n = 500
  integer :: a(n), t(100), i, bad, offset
  real :: r(n)

  offset = 7
  !$acc parallel loop copyout(a)
  do i = 1, n
    a(i) = digit_sum(i * 37)
  end do
  !$acc parallel loop copyout(r)
  do i = 1, n
    call scaled(i, r(i))
  end do
  call triangle_rows(100, t)

  bad = 0
  do i = 1, n
    if (a(i) /= digit_sum(i * 37)) bad = bad + 1
    if (r(i) /= real(i) * 0.25) bad = bad + 1
  end do
  do i = 1, 100
    if (t(i) /= i * (i + 1) / 2) bad = bad + 1
  end do

  ! `shifted` uses the host's `offset`: this region stays on the host.
  !$acc parallel loop copyout(a)
  do i = 1, n
    a(i) = shifted(i)
  end do
  do i = 1, n
    if (a(i) /= i + offset) bad = bad + 1
  end do

  print '(a,i0,a,i0)', 'routine contained: ', sum(a), ' ', sum(t)
  if (bad /= 0) then
    print '(a,i0)', 'routine contained: FAIL ', bad
    stop 1
  end if
  print '(a)', 'routine contained: PASS'
contains
  integer function digit_sum(v)
    !$acc routine seq
    integer, intent(in) :: v
    integer :: rest
    rest = v
    digit_sum = 0
    do while (rest > 0)
      digit_sum = digit_sum + mod(rest, 10)
      rest = rest / 10
    end do
  end function

  subroutine scaled(k, out)
    !$acc routine seq
    integer, intent(in) :: k
    real, intent(out) :: out
    out = real(k) * 0.25
  end subroutine

  integer function shifted(k)
    !$acc routine seq
    integer, intent(in) :: k
    shifted = k + offset
  end function
end program routine_contained
