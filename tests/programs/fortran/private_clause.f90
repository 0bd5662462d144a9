! private_clause.f90: private scalars and arrays on loop, on parallel loop and on a parallel
! construct (gang-private), each written before it is read in every iteration.
program private_clause
  implicit none
  integer, parameter :: n = 1000, w = 8
  integer :: out(n), work(w), t, i, k, g(4)
  real(8) :: r

  !$acc parallel loop private(t, work, r) copyout(out)
  do i = 1, n
    do k = 1, w
      work(k) = i * k
    end do
    t = 0
    do k = 1, w
      t = t + work(k)
    end do
    r = real(t, 8) / 2.0d0
    out(i) = nint(r * 2.0d0)
  end do
  do i = 1, n
    if (out(i) /= i * w * (w + 1) / 2) then
      print *, 'FAIL: loop private', i
      stop 1
    end if
  end do

  ! Gang-private t: each gang writes it, then its gang loop uses it.
  g = 0
  !$acc parallel num_gangs(4) private(t) copy(g)
  t = 3
  !$acc loop gang
  do i = 1, 4
    g(i) = t * i
  end do
  !$acc end parallel
  if (any(g /= [3, 6, 9, 12])) then
    print *, 'FAIL: gang private', g
    stop 1
  end if

  ! A private scalar in an inner loop of a gang loop.
  out = 0
  !$acc parallel loop gang copy(out)
  do i = 1, n
    !$acc loop vector private(t)
    do k = 1, 1
      t = i + k
      out(i) = t
    end do
  end do
  do i = 1, n
    if (out(i) /= i + 1) then
      print *, 'FAIL: inner private', i
      stop 1
    end if
  end do
  print '(a)', 'private: PASS'
end program private_clause
