! Implicit reductions: scalars that every iteration of a loop updates with one reduction
! operator, and uses in no other way, without a reduction clause. In a kernels region the loops
! run in parallel with implicit reductions (NVHPC's "Generating implicit reduction"); every
! result must be the serial one. The Jacobi sweep is the canonical one of the OpenACC course
! (error = max(error, abs(...)) under 'loop gang' / 'loop vector'). A scalar also read in the
! loop (a running sum) keeps its loop sequential. Values are chosen so that every sum and
! product is exact, whatever the order.
! accc-cores: 1 3
program kernels_implicit_reductions
  implicit none
  integer, parameter :: n = 128, m = 1000
  real(8) :: a(n, n), anew(n, n), error
  real(8) :: x(m), y(m), prefix(m)
  real(4) :: f(m)
  integer :: k(m)
  real(8) :: s, s2, d, p, mx, mn, mx2, mn2, total, running
  real(4) :: fs, fmx
  integer :: iand_all, ior_all, ieor_all, imax, imin, cnt
  integer(8) :: isum
  logical :: all_small, any_big
  integer :: i, j, iter

  a = 0.0d0
  a(:, 1) = 1.0d0
  error = 1.0d0
  iter = 0
  !$acc data copy(a) create(anew)
  do while (error > 1.0d-3 .and. iter < 50)
    error = 0.0d0
    !$acc kernels
    !$acc loop gang
    do j = 2, n - 1
      !$acc loop vector
      do i = 2, n - 1
        anew(i, j) = 0.25d0 * (a(i + 1, j) + a(i - 1, j) + a(i, j - 1) + a(i, j + 1))
        error = max(error, abs(anew(i, j) - a(i, j)))
      end do
    end do
    do j = 2, n - 1
      do i = 2, n - 1
        a(i, j) = anew(i, j)
      end do
    end do
    !$acc end kernels
    iter = iter + 1
  end do
  !$acc end data
  write (*, '(a, i0, a, es20.12, a, es20.12)') 'jacobi: ', iter, ' iterations, error = ', error, &
    ', a(2,2) = ', a(2, 2)

  do i = 1, m
    x(i) = dble(mod(i * 37, 101)) - 50.0d0
    y(i) = dble(mod(i * 13, 7))
    k(i) = mod(i * 7919, 1000)
    f(i) = real(mod(i * 11, 23)) * 0.25
  end do
  s = 0; s2 = 10; d = 0; p = 1; mx = -1.0d300; mn = 1.0d300; mx2 = -1.0d300; mn2 = 1.0d300
  total = 0; running = 0; fs = 0; fmx = -1.0e30
  iand_all = not(0); ior_all = 0; ieor_all = 0; imax = -1000000; imin = 1000000; cnt = 0
  isum = 0; all_small = .true.; any_big = .false.
  !$acc kernels copyin(x, y, k, f)
  do i = 1, m
    s = s + x(i)
    s2 = y(i) + s2
    d = d - y(i)
  end do
  do i = 1, m
    if (mod(i, 100) == 0) then
      p = p * 2.0d0
    end if
    mx = max(mx, x(i))
    mn = min(x(i), mn)
    mx2 = max(mx2, x(i), 3.0d0 * y(i))
    if (x(i) < mn2) mn2 = x(i)
  end do
  do i = 1, m
    fs = fs + 0.5 * f(i)
    fmx = max(fmx, f(i))
    iand_all = iand(iand_all, ior(k(i), 4095 * 4096))
    ior_all = ior(ior_all, k(i))
    ieor_all = ieor(ieor_all, k(i) * 7)
    imax = max(imax, k(i))
    imin = min(imin, k(i))
    isum = isum + k(i)
    all_small = all_small .and. k(i) < 1000
    any_big = any_big .or. k(i) == 999
    if (mod(k(i), 3) == 0) cnt = cnt + 1
  end do
  ! Both loops of a nest without directives.
  do j = 1, 100
    do i = 1, 10
      total = total + x((j - 1) * 10 + i) * y(i)
    end do
  end do
  ! A running sum is read in every iteration: the loop stays sequential.
  do i = 1, m
    running = running + x(i)
    prefix(i) = running
  end do
  !$acc end kernels
  write (*, '(a, 5f12.3)') 'sums: ', s, s2, d, total, running
  write (*, '(a, 5f12.3)') 'extrema: ', p, mx, mn, mx2, mn2
  write (*, '(a, 2f12.3)') 'real(4): ', fs, fmx
  write (*, '(a, 6i12)') 'integer: ', iand_all, ior_all, ieor_all, imax, imin, cnt
  write (*, '(a, i12, 2l3)') 'logical: ', isum, all_small, any_big
  write (*, '(a, 3f12.3)') 'prefix: ', prefix(1), prefix(m / 2), prefix(m)

  ! In a parallel construct the loop reduces too (the scalars are in data clauses).
  s = 0; mx = -1.0d300
  !$acc parallel loop copyin(x, y) copy(s, mx)
  do i = 1, m
    s = s + 2.0d0 * x(i)
    mx = max(mx, x(i) + y(i))
  end do
  write (*, '(a, 2f12.3)') 'parallel: ', s, mx
end program
