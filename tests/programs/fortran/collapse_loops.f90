! collapse_loops.f90: collapse(2) and collapse(3) over loops with non-unit lower bounds, a
! negative step and a reduction, checked against serial loops.
program collapse_loops
  implicit none
  integer :: a(-3:12, 2:9), c(0:4, 5, -1:1)
  integer :: i, j, k, s, want

  !$acc parallel loop collapse(2) copyout(a)
  do j = 2, 9
    do i = -3, 12
      a(i, j) = i * 100 + j
    end do
  end do

  !$acc parallel loop collapse(3) copyout(c)
  do k = 1, -1, -1
    do j = 1, 5
      do i = 0, 4
        c(i, j, k) = i + 10 * j + 100 * k
      end do
    end do
  end do

  s = 0
  !$acc parallel loop collapse(2) reduction(+:s) copyin(a)
  do j = 9, 2, -1
    do i = -3, 12, 3
      s = s + a(i, j)
    end do
  end do

  want = 0
  do j = 2, 9
    do i = -3, 12
      if (a(i, j) /= i * 100 + j) then
        print *, 'FAIL: a', i, j
        stop 1
      end if
      if (mod(i + 3, 3) == 0) want = want + i * 100 + j
    end do
  end do
  do k = -1, 1
    do j = 1, 5
      do i = 0, 4
        if (c(i, j, k) /= i + 10 * j + 100 * k) then
          print *, 'FAIL: c', i, j, k
          stop 1
        end if
      end do
    end do
  end do
  if (s /= want) then
    print *, 'FAIL: s', s, want
    stop 1
  end if
  print '(a,i0)', 'collapse: ', s
  print '(a)', 'collapse: PASS'
end program collapse_loops
