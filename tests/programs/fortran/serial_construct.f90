! serial_construct.f90: the serial construct runs its body once with one gang, one worker and
! vector length one, so a loop-carried recurrence inside it is correct without seq clauses.
program serial_construct
  implicit none
  integer, parameter :: n = 1000
  integer(8) :: fib(n), want(n)
  integer :: i, steps
  integer :: collatz(50)
  integer(8) :: v

  !$acc serial copyout(fib)
  fib(1) = 1
  fib(2) = 1
  do i = 3, n
    fib(i) = mod(fib(i - 1) + fib(i - 2), 1000000007_8)
  end do
  !$acc end serial

  !$acc serial copyout(collatz)
  do i = 1, 50
    v = i
    steps = 0
    do while (v /= 1)
      if (mod(v, 2_8) == 0) then
        v = v / 2
      else
        v = 3 * v + 1
      end if
      steps = steps + 1
    end do
    collatz(i) = steps
  end do
  !$acc end serial

  want(1) = 1
  want(2) = 1
  do i = 3, n
    want(i) = mod(want(i - 1) + want(i - 2), 1000000007_8)
  end do
  if (any(fib /= want)) then
    print *, 'FAIL: fib'
    stop 1
  end if
  if (collatz(27) /= 111 .or. collatz(1) /= 0 .or. collatz(7) /= 16) then
    print *, 'FAIL: collatz', collatz(27), collatz(1), collatz(7)
    stop 1
  end if
  print '(a,i0)', 'serial: fib(n) mod p = ', fib(n)
  print '(a,i0)', 'serial: sum collatz = ', sum(collatz)
  print '(a)', 'serial: PASS'
end program serial_construct
