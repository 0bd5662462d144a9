! assumed_size.f90: assumed-size dummies a(*) and m(ld, *), whose extent comes from an explicit
! section in the data clauses, called with whole arrays and with array elements as actuals
! (sequence association).
module as_mod
  implicit none
contains
  subroutine scale(n, a, f)
    integer, intent(in) :: n, f
    integer, intent(inout) :: a(*)
    integer :: i
    !$acc parallel loop copy(a(1:n))
    do i = 1, n
      a(i) = a(i) * f
    end do
  end subroutine

  subroutine colsum(ld, nr, nc, m, s)
    integer, intent(in) :: ld, nr, nc
    integer, intent(in) :: m(ld, *)
    integer, intent(out) :: s(*)
    integer :: i, j, t
    !$acc parallel loop copyin(m(1:ld, 1:nc)) copyout(s(1:nc)) private(t)
    do j = 1, nc
      t = 0
      !$acc loop reduction(+:t)
      do i = 1, nr
        t = t + m(i, j)
      end do
      s(j) = t
    end do
  end subroutine
end module as_mod

program assumed_size
  use as_mod
  implicit none
  integer, parameter :: n = 400, ld = 20, nc = 15
  integer :: v(n), m(ld, nc), s(nc), i, j

  v = [(i, i = 1, n)]
  call scale(n, v, 2)
  call scale(100, v(201), 3)       ! sequence association: v(201:300)
  do j = 1, nc
    do i = 1, ld
      m(i, j) = i + j
    end do
  end do
  call colsum(ld, 10, nc, m, s)    ! only the first 10 rows of each column

  do i = 1, n
    if (v(i) /= merge(6 * i, 2 * i, i >= 201 .and. i <= 300)) then
      print *, 'FAIL: v', i
      stop 1
    end if
  end do
  do j = 1, nc
    if (s(j) /= 55 + 10 * j) then
      print *, 'FAIL: s', j
      stop 1
    end if
  end do
  print '(a,i0,1x,i0)', 'assumed size: ', sum(v), sum(s)
  print '(a)', 'assumed size: PASS'
end program assumed_size
