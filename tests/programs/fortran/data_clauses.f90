! data_clauses.f90: a data region with copy, copyin, copyout and create on whole arrays and
! sections, nested compute regions that find the data present, and a nested data region.
program data_clauses
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), b(n), c(n), tmp(n), part(n)
  integer :: i

  do i = 1, n
    a(i) = i
    b(i) = 2 * i
  end do
  c = -1
  part = 0

  !$acc data copy(a) copyin(b) copyout(c) create(tmp)
  !$acc parallel loop
  do i = 1, n
    tmp(i) = a(i) + b(i)
  end do
  !$acc parallel loop
  do i = 1, n
    c(i) = tmp(i) * 2
    a(i) = a(i) + 1
  end do
  !$acc data copy(part(101:200))
  !$acc parallel loop
  do i = 101, 200
    part(i) = c(i) - a(i)
  end do
  !$acc end data
  !$acc end data

  do i = 1, n
    if (a(i) /= i + 1 .or. c(i) /= 6 * i) then
      print *, 'FAIL: a/c', i
      stop 1
    end if
    if (i >= 101 .and. i <= 200) then
      if (part(i) /= 5 * i - 1) then
        print *, 'FAIL: part', i
        stop 1
      end if
    else if (part(i) /= 0) then
      print *, 'FAIL: outside the section', i
      stop 1
    end if
  end do
  print '(a,i0)', 'data: ', sum(c) + sum(part)
  print '(a)', 'data: PASS'
end program data_clauses
