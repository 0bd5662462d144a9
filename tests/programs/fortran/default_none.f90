! default_none.f90: default(none) on parallel, kernels, serial and combined constructs, with
! every variable named in a data, private, firstprivate or reduction clause.
program default_none
  implicit none
  integer, parameter :: n = 900
  integer :: a(n), b(n), i, s, k, t

  a = [(i, i = 1, n)]
  k = 3
  s = 0
  !$acc parallel loop default(none) copyin(a) copyout(b) firstprivate(k) private(t)
  do i = 1, n
    t = a(i) * k
    b(i) = t
  end do
  !$acc parallel default(none) copyin(b) reduction(+:s)
  !$acc loop reduction(+:s)
  do i = 1, n
    s = s + b(i)
  end do
  !$acc end parallel
  !$acc kernels default(none) copy(a)
  a(:) = a(:) - 1
  !$acc end kernels
  !$acc serial default(none) copy(a, s)
  s = s + a(1)
  !$acc end serial
  do i = 1, n
    if (b(i) /= 3 * i .or. a(i) /= i - 1) then
      print *, 'FAIL: default(none)', i
      stop 1
    end if
  end do
  if (s /= 3 * n * (n + 1) / 2) then
    print *, 'FAIL: s', s
    stop 1
  end if
  print '(a,i0)', 'default(none): ', s
  print '(a)', 'default(none): PASS'
end program default_none
