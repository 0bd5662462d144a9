! forall_in_region.f90: `forall` in compute regions: the statement and the construct, one and
! two indices, strides (negative too), a mask, several assignments (a later one reading what an
! earlier one assigned), a nested forall and a where inside a forall, array reduction
! intrinsics on the right side, lower bounds, inside a parallel loop, in kernels and serial
! regions. The index names are the construct's own: the program's variables of the same names
! keep their values. Every result is compared with the same statements run on the host.
! Self-checking: a wrong answer stops with status 1. accc-all-offloaded every region
program forall_in_region
  implicit none
  integer, parameter :: n = 60, m = 20
  real(8) :: a(n), b(n), ha(n), hb(n)
  real(8) :: t(m, m), u(m, m), v(m, m), ht(m, m), hu(m, m), hv(m, m)
  integer :: q(0:m - 1, m), hq(0:m - 1, m), s(m), hs(m)
  integer :: i, j, k, lo

  do i = 1, n
    a(i) = dble(mod(i * 17, 29)) - 14d0
    b(i) = dble(mod(i * 5, 9))
  end do
  do j = 1, m
    do i = 1, m
      t(i, j) = dble(mod(i * 3 + j * 7, 23)) - 11d0
      u(i, j) = 0
      q(i - 1, j) = mod(i * 11 + j, 13) - 6
    end do
  end do
  s = 0
  ha = a; hb = b; ht = t; hu = u; hq = q; hs = s
  lo = 3

  ! Serial: statement with a mask and a negative stride, a construct with two statements.
  i = -7
  j = -8
  !$acc serial copy(a, b, u, v) copyin(lo, t) copy(i, j)
  forall (i = n:lo:-2, a(i) > 0) a(i) = a(i) * b(i)
  forall (i = 1:m, j = 1:m)
    u(i, j) = t(j, i) + i
    v(i, j) = u(i, j) * 2 - j
  end forall
  !$acc end serial
  if (i /= -7 .or. j /= -8) stop 1
  forall (i = n:lo:-2, ha(i) > 0) ha(i) = ha(i) * hb(i)
  forall (i = 1:m, j = 1:m)
    hu(i, j) = ht(j, i) + i
    hv(i, j) = hu(i, j) * 2 - j
  end forall
  if (any(a /= ha)) stop 2
  if (any(v /= hv) .or. any(u /= hu)) stop 3

  ! Inside a parallel loop: a nested forall with a mask, a where inside a forall, and a
  ! reduction intrinsic of a column on the right side.
  !$acc parallel loop copy(q, s) copyin(t)
  do k = 1, 2
    if (k == 1) then
      forall (i = 0:m - 1)
        forall (j = 1:m, mod(i + j, 3) == 0) q(i, j) = q(i, j) + i * j
      end forall
    else
      forall (j = 1:m) s(j) = int(sum(t(:, j)))
    end if
  end do
  !$acc parallel copy(q)
  forall (j = 1:m:2)
    where (q(:, j) < 0) q(:, j) = 0
  end forall
  !$acc end parallel
  forall (i = 0:m - 1)
    forall (j = 1:m, mod(i + j, 3) == 0) hq(i, j) = hq(i, j) + i * j
  end forall
  forall (j = 1:m) hs(j) = int(sum(ht(:, j)))
  forall (j = 1:m:2)
    where (hq(:, j) < 0) hq(:, j) = 0
  end forall
  if (any(q /= hq)) stop 4
  if (any(s /= hs)) stop 5

  ! Kernels: the forall is one parallel loop.
  !$acc kernels copy(b) copyin(a)
  forall (i = 1:n) b(i) = b(i) + a(n + 1 - i) * 0.25d0
  !$acc end kernels
  forall (i = 1:n) hb(i) = hb(i) + ha(n + 1 - i) * 0.25d0
  if (any(b /= hb)) stop 6
  print '(a, 3f14.4)', 'forall: ', sum(a), sum(b), sum(v)
  print '(a, 2i8)', 'forall q, s: ', sum(q), sum(s)
end program
