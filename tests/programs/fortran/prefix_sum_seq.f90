! prefix_sum_seq.f90: prefix sums: an inclusive scan along each row (loop seq inside a gang
! loop), a blocked scan of one long vector (per-block scans in parallel, a seq scan of the block
! totals in a serial region, then a parallel fix-up), compared with serial scans.
program prefix_sum_seq
  implicit none
  integer, parameter :: rows = 32, cols = 500, n = 100000, nblk = 100, bs = n / nblk
  integer :: m(cols, rows), v(n), blocktot(nblk), offs(nblk), i, j, b, run
  integer(8) :: want

  do j = 1, rows
    do i = 1, cols
      m(i, j) = mod(i * j, 13)
    end do
  end do
  do i = 1, n
    v(i) = mod(i * 17, 11) - 5
  end do

  !$acc parallel loop gang copy(m)
  do j = 1, rows
    !$acc loop seq
    do i = 2, cols
      m(i, j) = m(i, j) + m(i - 1, j)
    end do
  end do

  !$acc data copy(v) create(blocktot, offs)
  !$acc parallel loop gang
  do b = 1, nblk
    !$acc loop seq
    do i = (b - 1) * bs + 2, b * bs
      v(i) = v(i) + v(i - 1)
    end do
    blocktot(b) = v(b * bs)
  end do
  !$acc serial
  offs(1) = 0
  !$acc loop seq
  do b = 2, nblk
    offs(b) = offs(b - 1) + blocktot(b - 1)
  end do
  !$acc end serial
  !$acc parallel loop collapse(2)
  do b = 2, nblk
    do i = 1, bs
      v((b - 1) * bs + i) = v((b - 1) * bs + i) + offs(b)
    end do
  end do
  !$acc end data

  do j = 1, rows
    run = 0
    do i = 1, cols
      run = run + mod(i * j, 13)
      if (m(i, j) /= run) then
        print *, 'FAIL: row scan', i, j
        stop 1
      end if
    end do
  end do
  want = 0
  do i = 1, n
    want = want + (mod(i * 17, 11) - 5)
    if (v(i) /= want) then
      print *, 'FAIL: blocked scan', i
      stop 1
    end if
  end do
  print '(a,i0,1x,i0)', 'prefix sum: ', m(cols, rows), v(n)
  print '(a)', 'prefix sum: PASS'
end program prefix_sum_seq
