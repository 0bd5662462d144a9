! where_construct.f90: masked array assignment in compute regions and routines: the one-line
! `where (mask) a = b`, the construct with masked and unmasked `elsewhere`, a nested `where`,
! several assignments under one mask (a later one reading what an earlier one assigned, the mask
! reading the array it guards), sections with strides and lower bounds, allocatables, logical
! mask arrays, `where` inside a parallel loop, in kernels and serial regions, and in an
! `acc routine`. Every result is compared with the same statements run on the host.
! Self-checking: a wrong answer stops with status 1. accc-all-offloaded every region
module where_lib
  implicit none
contains
  subroutine clip_row(m, row, lo)
    !$acc routine seq
    integer, intent(in) :: m
    real(8), intent(inout) :: row(m)
    real(8), intent(in) :: lo
    where (row < lo)
      row = lo
    elsewhere (row > 10 * lo)
      row = 10 * lo
    end where
  end subroutine
end module

program where_construct
  use where_lib
  implicit none
  integer, parameter :: n = 200, m = 24
  real(8) :: a(n), b(n), c(n), ha(n), hb(n), hc(n)
  real :: g(m, m), hg(m, m), p(0:m - 1, m), hp(0:m - 1, m)
  real(8), allocatable :: x(:), hx(:)
  integer :: k(-5:n - 6), hk(-5:n - 6)
  real(8) :: rows(m, m), hrows(m, m)
  logical :: flag(n)
  integer :: i, j

  allocate (x(-3:n - 4), hx(-3:n - 4))
  do i = 1, n
    a(i) = dble(mod(i * 37, 23) - 11) / 3d0
    b(i) = dble(mod(i * 11, 17) - 8)
    c(i) = 0
    x(i - 4) = dble(mod(i * 7, 13)) - 6.5d0
    k(i - 6) = mod(i * 29, 31) - 15
    flag(i) = mod(i, 3) == 0
  end do
  do j = 1, m
    do i = 1, m
      g(i, j) = real(mod(i * 5 + j * 3, 19) - 9)
      p(i - 1, j) = real(mod(i + j * 7, 11)) - 5.0
    end do
  end do
  ha = a; hb = b; hc = c; hx = x; hk = k; hg = g; hp = p

  ! Serial region: the statement form, the construct with both kinds of elsewhere, several
  ! assignments under one mask, a mask reading the array it guards.
  !$acc serial copy(a, b, c, k)
  where (a > 0) c = sqrt(a)
  where (b < 0)
    c = c + b
    b = -b
    a = a + b
  elsewhere (b > 4)
    b = b - 4
  elsewhere
    c = 1
  end where
  where (k(-5:n - 6:2) > 0) k(-5:n - 6:2) = k(-5:n - 6:2) * 2
  where (flag) a = 0
  !$acc end serial
  where (ha > 0) hc = sqrt(ha)
  where (hb < 0)
    hc = hc + hb
    hb = -hb
    ha = ha + hb
  elsewhere (hb > 4)
    hb = hb - 4
  elsewhere
    hc = 1
  end where
  where (hk(-5:n - 6:2) > 0) hk(-5:n - 6:2) = hk(-5:n - 6:2) * 2
  where (flag) ha = 0
  if (any(a /= ha) .or. any(b /= hb) .or. any(c /= hc)) stop 1
  if (any(k /= hk)) stop 2

  ! Columns of 2-D arrays inside a parallel loop, a nested where, lower bounds.
  !$acc parallel loop copy(g, p)
  do j = 1, m
    where (g(:, j) > 0)
      where (p(:, j) > 0)
        g(:, j) = g(:, j) + p(:, j)
      elsewhere
        g(:, j) = -g(:, j)
      end where
      p(:, j) = 100
    end where
  end do
  do j = 1, m
    where (hg(:, j) > 0)
      where (hp(:, j) > 0)
        hg(:, j) = hg(:, j) + hp(:, j)
      elsewhere
        hg(:, j) = -hg(:, j)
      end where
      hp(:, j) = 100
    end where
  end do
  if (any(g /= hg)) stop 3
  if (any(p /= hp)) stop 4

  ! Kernels: whole arrays (one parallel loop), an allocatable with lower bounds, reversed and
  ! strided sections of different arrays.
  !$acc kernels copy(x, g) copyin(p)
  where (abs(x) > 2d0)
    x = x * 0.5d0
  elsewhere
    x = 0
  end where
  where (p(m - 1:0:-1, 3) > 1) g(1:m, 5) = p(m - 1:0:-1, 3)
  !$acc end kernels
  where (abs(hx) > 2d0)
    hx = hx * 0.5d0
  elsewhere
    hx = 0
  end where
  where (hp(m - 1:0:-1, 3) > 1) hg(1:m, 5) = hp(m - 1:0:-1, 3)
  if (any(x /= hx)) stop 5
  if (any(g /= hg)) stop 6

  ! A routine whose body is a where construct, called on the columns of an array.
  do j = 1, m
    do i = 1, m
      rows(i, j) = dble(mod(i * 13 + j, 17)) / 2d0 - 2d0
    end do
  end do
  hrows = rows
  !$acc parallel loop copy(rows)
  do j = 1, m
    call clip_row(m, rows(:, j), 0.5d0)
  end do
  do j = 1, m
    call clip_row(m, hrows(:, j), 0.5d0)
  end do
  if (any(rows /= hrows)) stop 7
  print '(a, 4f12.4)', 'where: ', sum(a), sum(c), sum(x), sum(rows)
  print '(a, i8, f10.2)', 'where k, g: ', sum(k), sum(g)
end program
