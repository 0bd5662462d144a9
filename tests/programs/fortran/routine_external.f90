! routine_external.f90: `acc routine` on external procedures: the definitions carry the
! directive, and the callers see it through interface blocks (seq function, seq subroutine,
! vector subroutine), or through `external` and `routine(name)` in the caller's specification
! part; called from parallel loop and kernels.
integer function gcd(a, b)
  !$acc routine seq
  implicit none
  integer, intent(in) :: a, b
  integer :: x, y, t
  x = abs(a)
  y = abs(b)
  do while (y /= 0)
    t = mod(x, y)
    x = y
    y = t
  end do
  gcd = x
end function gcd

subroutine clamp(v, lo, hi)
  !$acc routine seq
  implicit none
  real(8), intent(inout) :: v
  real(8), intent(in) :: lo, hi
  v = min(max(v, lo), hi)
end subroutine clamp

subroutine add_rows(m, a, b)
  !$acc routine vector
  implicit none
  integer, intent(in) :: m
  integer, intent(in) :: a(m)
  integer, intent(inout) :: b(m)
  integer :: k
  !$acc loop vector
  do k = 1, m
    b(k) = b(k) + a(k)
  end do
end subroutine add_rows

integer function tri(k)
  !$acc routine seq
  implicit none
  integer, intent(in) :: k
  tri = k * (k + 1) / 2
end function tri

program routine_external
  implicit none
  interface
    integer function gcd(a, b)
      !$acc routine seq
      integer, intent(in) :: a, b
    end function
    subroutine clamp(v, lo, hi)
      !$acc routine seq
      real(8), intent(inout) :: v
      real(8), intent(in) :: lo, hi
    end subroutine
    subroutine add_rows(m, a, b)
      !$acc routine vector
      integer, intent(in) :: m
      integer, intent(in) :: a(m)
      integer, intent(inout) :: b(m)
    end subroutine
  end interface
  integer, external :: tri
  !$acc routine(tri) seq
  integer, parameter :: n = 500, m = 32
  integer :: g(n), a(m, 20), b(m, 20), i, j
  real(8) :: x(n)

  !$acc parallel loop copyout(g, x)
  do i = 1, n
    g(i) = gcd(i * 12, 360)
    x(i) = real(i, 8) - 250.0d0
    call clamp(x(i), -100.0d0, 100.0d0)
    g(i) = g(i) + 1000 * tri(mod(i, 10))
  end do

  do j = 1, 20
    do i = 1, m
      a(i, j) = i * j
    end do
  end do
  b = 1
  !$acc kernels copyin(a) copy(b)
  !$acc loop gang
  do j = 1, 20
    call add_rows(m, a(:, j), b(:, j))
  end do
  !$acc end kernels

  do i = 1, n
    if (g(i) /= gcd(12 * i, 360) + 1000 * (mod(i, 10) * (mod(i, 10) + 1) / 2)) then
      print *, 'FAIL: gcd', i
      stop 1
    end if
    if (x(i) /= max(-100.0d0, min(100.0d0, real(i, 8) - 250.0d0))) then
      print *, 'FAIL: clamp', i
      stop 1
    end if
  end do
  if (any(b /= a + 1) .or. g(30) /= 360 .or. g(31) /= 1012) then
    print *, 'FAIL: add_rows'
    stop 1
  end if
  print '(a,i0,1x,i0)', 'routine (external): ', sum(g), sum(b)
  print '(a)', 'routine (external): PASS'
end program routine_external
