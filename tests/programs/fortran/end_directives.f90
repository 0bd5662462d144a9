! end_directives.f90: the optional end directives of combined constructs (end parallel loop,
! end kernels loop, end serial loop), directives in mixed case and with & continuation, and
! comments after a directive.
program end_directives
  implicit none
  integer, parameter :: n = 300
  integer :: a(n), b(n), c(n), i

  !$acc parallel loop copyout(a)
  do i = 1, n
    a(i) = i
  end do
  !$acc end parallel loop
  !$ACC Kernels Loop copyin(a) copyout(b)  ! a comment after the clauses
  do i = 1, n
    b(i) = a(i) + 1
  end do
  !$ACC END KERNELS LOOP
  !$acc serial loop &
  !$acc   copyin(a, b) &
  !$acc   copyout(c)
  do i = 1, n
    c(i) = a(i) * b(i)
  end do
  !$acc end serial loop
  do i = 1, n
    if (c(i) /= i * (i + 1)) then
      print *, 'FAIL: end directives', i
      stop 1
    end if
  end do
  print '(a,i0)', 'end directives: ', sum(c)
  print '(a)', 'end directives: PASS'
end program end_directives
