! tile_loops.f90: tile(8,8) over a transpose, tile(*,4) and tile(2,3,4) on a 3-D loop nest with
! extents that the tiles do not divide.
program tile_loops
  implicit none
  integer, parameter :: n = 37, m = 53
  integer :: a(n, m), t(m, n), c(5, 7, 9)
  integer :: i, j, k

  do j = 1, m
    do i = 1, n
      a(i, j) = i + 1000 * j
    end do
  end do
  !$acc parallel loop tile(8, 8) copyin(a) copyout(t)
  do j = 1, m
    do i = 1, n
      t(j, i) = a(i, j)
    end do
  end do

  !$acc parallel loop tile(*, 4) copy(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = a(i, j) * 2
    end do
  end do

  !$acc parallel loop tile(2, 3, 4) copyout(c)
  do k = 1, 9
    do j = 1, 7
      do i = 1, 5
        c(i, j, k) = i * j * k
      end do
    end do
  end do

  do j = 1, m
    do i = 1, n
      if (t(j, i) /= i + 1000 * j .or. a(i, j) /= 2 * (i + 1000 * j)) then
        print *, 'FAIL: transpose', i, j
        stop 1
      end if
    end do
  end do
  do k = 1, 9
    do j = 1, 7
      do i = 1, 5
        if (c(i, j, k) /= i * j * k) then
          print *, 'FAIL: c', i, j, k
          stop 1
        end if
      end do
    end do
  end do
  print '(a,i0,1x,i0)', 'tile: ', sum(t), sum(c)
  print '(a)', 'tile: PASS'
end program tile_loops
