! atomic_read_write.f90: atomic read and atomic write (with and without `end atomic`) on
! integer, real(8) and logical variables, including array elements.
program atomic_read_write
  implicit none
  integer, parameter :: n = 1000
  integer :: flag, seen(n), slots(8), i, v
  real(8) :: x, got(n)
  logical :: done, dseen(n)

  flag = 17
  x = 2.5d0
  done = .true.
  !$acc parallel loop copyin(flag, x, done) copyout(seen, got, dseen)
  do i = 1, n
    !$acc atomic read
    seen(i) = flag
    !$acc atomic read
    got(i) = x
    !$acc end atomic
    !$acc atomic read
    dseen(i) = done
  end do
  if (any(seen /= 17) .or. any(got /= 2.5d0) .or. .not. all(dseen)) then
    print *, 'FAIL: atomic read'
    stop 1
  end if

  ! Every iteration writes the same value to a slot: the result is that value.
  slots = 0
  !$acc parallel loop copy(slots) private(v)
  do i = 1, n
    v = mod(i, 8) + 1
    !$acc atomic write
    slots(v) = v * 11
    !$acc end atomic
  end do
  flag = 0
  !$acc parallel loop copy(flag)
  do i = 1, n
    !$acc atomic write
    flag = 5 + 2
  end do
  do i = 1, 8
    if (slots(i) /= 11 * i) then
      print *, 'FAIL: atomic write', i
      stop 1
    end if
  end do
  if (flag /= 7) then
    print *, 'FAIL: atomic write scalar'
    stop 1
  end if
  print '(a,i0)', 'atomic read/write: ', sum(slots) + flag
  print '(a)', 'atomic read/write: PASS'
end program atomic_read_write
