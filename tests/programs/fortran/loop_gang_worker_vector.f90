! loop_gang_worker_vector.f90: loop parallelism clauses gang, worker and vector nested in a
! parallel region, with num_gangs/num_workers/vector_length, gang(static:*) and an inner
! vector reduction; also the combined forms on parallel loop. Checked serially.
program loop_gang_worker_vector
  implicit none
  integer, parameter :: ni = 20, nj = 30, nk = 40
  integer :: a(nk, nj, ni), rowsum(nj, ni), want
  integer :: i, j, k, s

  !$acc parallel num_gangs(4) num_workers(4) vector_length(32) copyout(a)
  !$acc loop gang
  do i = 1, ni
    !$acc loop worker
    do j = 1, nj
      !$acc loop vector
      do k = 1, nk
        a(k, j, i) = i * 10000 + j * 100 + k
      end do
    end do
  end do
  !$acc end parallel

  !$acc parallel loop gang copyin(a) copyout(rowsum)
  do i = 1, ni
    !$acc loop worker private(s)
    do j = 1, nj
      s = 0
      !$acc loop vector reduction(+:s)
      do k = 1, nk
        s = s + mod(a(k, j, i), 97)
      end do
      rowsum(j, i) = s
    end do
  end do

  do i = 1, ni
    do j = 1, nj
      want = 0
      do k = 1, nk
        if (a(k, j, i) /= i * 10000 + j * 100 + k) then
          print *, 'FAIL: a', k, j, i
          stop 1
        end if
        want = want + mod(i * 10000 + j * 100 + k, 97)
      end do
      if (rowsum(j, i) /= want) then
        print *, 'FAIL: rowsum', j, i
        stop 1
      end if
    end do
  end do

  ! gang(static:*), worker and vector on one loop.
  a = 0
  !$acc parallel loop gang(static:*) worker vector copy(a)
  do i = 1, ni
    a(1, 1, i) = i
  end do
  if (sum(a) /= ni * (ni + 1) / 2) then
    print *, 'FAIL: static'
    stop 1
  end if
  print '(a,i0)', 'gang/worker/vector: ', sum(rowsum)
  print '(a)', 'gang/worker/vector: PASS'
end program loop_gang_worker_vector
