! update_directive.f90: update device, update host and update self on whole arrays, sections
! and scalars inside a data region, with if and if_present.
program update_directive
  implicit none
  integer, parameter :: n = 512
  integer :: a(n), b(n), k, i
  logical :: yes

  a = 1
  b = 0
  k = 10
  yes = .true.
  !$acc data copyin(a, k) copyout(b)
  ! Change the host copy, then refresh the device from it.
  a = 2
  k = 20
  !$acc update device(a, k)
  !$acc parallel loop
  do i = 1, n
    b(i) = a(i) * k
  end do
  !$acc update host(b)
  if (any(b /= 40)) then
    print *, 'FAIL: update device/host'
    stop 1
  end if
  !$acc parallel loop
  do i = 1, n
    a(i) = i
  end do
  ! The first half comes back (the host copy of the second half is unspecified until the next
  ! update: it is the old value with separate memory, the new one with shared memory).
  !$acc update self(a(1:n/2))
  do i = 1, n / 2
    if (a(i) /= i) then
      print *, 'FAIL: update self section', i
      stop 1
    end if
  end do
  !$acc update self(a(n/2+1:n)) if(yes)
  if (any(a /= [(i, i = 1, n)])) then
    print *, 'FAIL: update if'
    stop 1
  end if
  !$acc parallel loop
  do i = 1, n
    b(i) = a(i) + 1
  end do
  !$acc end data
  ! Not present any more: if_present makes this a no-op.
  !$acc update self(b) if_present
  !$acc update device(a) if(.not. yes)
  do i = 1, n
    if (b(i) /= i + 1) then
      print *, 'FAIL: b', i
      stop 1
    end if
  end do
  print '(a,i0)', 'update: ', sum(b)
  print '(a)', 'update: PASS'
end program update_directive
