! async_wait.f90: async(n) on compute constructs, update and enter/exit data, the wait directive
! with and without queues, wait(list) as a clause, async without argument, and a two-queue
! pipeline whose results are read only after a wait.
program async_wait
  implicit none
  integer, parameter :: n = 4000, nblk = 4, blk = n / nblk
  integer :: a(n), b(n), c(n), i, q, lo

  a = [(i, i = 1, n)]
  b = 0
  c = 0
  !$acc enter data copyin(a) create(b, c) async(1)
  !$acc parallel loop present(a, b) async(1)
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$acc parallel loop present(a, c) async(2) wait(1)
  do i = 1, n
    c(i) = a(i) + 1
  end do
  !$acc parallel loop present(b, c) wait(1, 2) async(3)
  do i = 1, n
    b(i) = b(i) + c(i)
  end do
  !$acc update self(b) async(3)
  !$acc wait(3)
  do i = 1, n
    if (b(i) /= 3 * i + 1) then
      print *, 'FAIL: async chain', i
      stop 1
    end if
  end do

  ! Blocks alternate between two queues: update device, kernel, update self.
  do q = 1, nblk
    lo = (q - 1) * blk + 1
    a(lo:lo + blk - 1) = a(lo:lo + blk - 1) * 10
    !$acc update device(a(lo:lo+blk-1)) async(mod(q, 2) + 5)
    !$acc parallel loop present(a, c) async(mod(q, 2) + 5)
    do i = lo, lo + blk - 1
      c(i) = a(i) - i
    end do
    !$acc update self(c(lo:lo+blk-1)) async(mod(q, 2) + 5)
  end do
  !$acc wait(5, 6)
  do i = 1, n
    if (c(i) /= 9 * i) then
      print *, 'FAIL: pipeline', i
      stop 1
    end if
  end do

  ! async without a queue, then wait for everything.
  !$acc parallel loop present(c) async
  do i = 1, n
    c(i) = c(i) + 1
  end do
  !$acc exit data copyout(c) delete(a, b) async
  !$acc wait
  do i = 1, n
    if (c(i) /= 9 * i + 1) then
      print *, 'FAIL: async noval', i
      stop 1
    end if
  end do
  print '(a,i0)', 'async/wait: ', sum(c)
  print '(a)', 'async/wait: PASS'
end program async_wait
