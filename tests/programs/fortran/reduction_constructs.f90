! reduction_constructs.f90: reductions on the compute constructs themselves (parallel with a
! gang-redundant update and a gang loop), across nested gang/worker/vector loops carrying the
! same variable, several variables in one clause, and a reduction over an array element
! accumulated in a private scalar.
program reduction_constructs
  implicit none
  integer, parameter :: ni = 16, nj = 32, nk = 64
  integer :: i, j, k, s, s2, cnt, mx, col(nj), t
  integer :: a(nk, nj, ni)

  do i = 1, ni
    do j = 1, nj
      do k = 1, nk
        a(k, j, i) = mod(i * 31 + j * 7 + k, 19)
      end do
    end do
  end do

  s = 0
  !$acc parallel copyin(a) reduction(+:s)
  !$acc loop gang reduction(+:s)
  do i = 1, ni
    !$acc loop worker reduction(+:s)
    do j = 1, nj
      !$acc loop vector reduction(+:s)
      do k = 1, nk
        s = s + a(k, j, i)
      end do
    end do
  end do
  !$acc end parallel

  s2 = 0; cnt = 0; mx = 0
  !$acc parallel loop gang collapse(2) copyin(a) reduction(+:s2, cnt) reduction(max:mx)
  do i = 1, ni
    do j = 1, nj
      !$acc loop vector reduction(+:s2, cnt) reduction(max:mx)
      do k = 1, nk
        s2 = s2 + 2 * a(k, j, i)
        if (a(k, j, i) == 0) cnt = cnt + 1
        mx = max(mx, a(k, j, i))
      end do
    end do
  end do

  col = 0
  !$acc parallel loop gang copyin(a) copy(col) private(t)
  do j = 1, nj
    t = 0
    !$acc loop collapse(2) reduction(+:t)
    do i = 1, ni
      do k = 1, nk
        t = t + a(k, j, i)
      end do
    end do
    col(j) = col(j) + t
  end do

  if (s /= sum(a) .or. s2 /= 2 * sum(a) .or. cnt /= count(a == 0) .or. mx /= maxval(a)) then
    print *, 'FAIL: reductions', s, s2, cnt, mx
    stop 1
  end if
  do j = 1, nj
    if (col(j) /= sum(a(:, j, :))) then
      print *, 'FAIL: col', j
      stop 1
    end if
  end do
  print '(a,4(1x,i0))', 'reduction constructs:', s, s2, cnt, mx
  print '(a)', 'reduction constructs: PASS'
end program reduction_constructs
