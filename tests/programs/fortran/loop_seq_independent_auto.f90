! loop_seq_independent_auto.f90: loop seq on a recurrence, loop independent on an independent
! loop, loop auto letting the compiler decide, in parallel and kernels regions.
program loop_seq_independent_auto
  implicit none
  integer, parameter :: n = 2000, m = 16
  integer :: prefix(n, m), v(n), w(n), want
  integer :: i, j

  !$acc parallel loop gang copyout(prefix)
  do j = 1, m
    prefix(1, j) = j
    !$acc loop seq
    do i = 2, n
      prefix(i, j) = mod(prefix(i - 1, j) + i * j, 65536)
    end do
  end do

  !$acc kernels copyout(v, w)
  !$acc loop independent
  do i = 1, n
    v(i) = 2 * i
  end do
  !$acc loop auto
  do i = 1, n
    w(i) = v(i) + 1
  end do
  !$acc end kernels

  !$acc parallel copy(w)
  !$acc loop auto
  do i = 1, n
    w(i) = w(i) * 2
  end do
  !$acc end parallel

  do j = 1, m
    want = j
    if (prefix(1, j) /= want) then
      print *, 'FAIL: prefix start', j
      stop 1
    end if
    do i = 2, n
      want = mod(want + i * j, 65536)
      if (prefix(i, j) /= want) then
        print *, 'FAIL: prefix', i, j
        stop 1
      end if
    end do
  end do
  do i = 1, n
    if (v(i) /= 2 * i .or. w(i) /= 4 * i + 2) then
      print *, 'FAIL: v/w', i
      stop 1
    end if
  end do
  print '(a,i0)', 'seq/independent/auto: ', prefix(n, m)
  print '(a)', 'seq/independent/auto: PASS'
end program loop_seq_independent_auto
