! block_in_region.f90: `block` constructs inside compute regions and `acc routine` procedures:
! block-local scalars, fixed-size arrays and parameters (private to the thread running the
! block), host association of the enclosing names, a local that hides a host name, nested
! blocks, `exit` out of a named block, a block inside a device routine and a block around a
! sequential loop. Every result is compared with the same code run on the host.
! Self-checking: a wrong answer stops with status 1. accc-all-offloaded every region
module block_routines
  implicit none
contains
  function weighted(x, n) result(r)
    !$acc routine seq
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8) :: r
    integer :: i
    r = 0
    block
      real(8) :: w(3)
      integer, parameter :: m = 3
      integer :: k
      w(1) = 0.5d0
      w(2) = 0.25d0
      w(3) = 0.125d0
      do i = 1, n
        k = mod(i - 1, m) + 1
        r = r + w(k) * x(i)
      end do
    end block
  end function

  subroutine clamp_first(x, n, limit)
    !$acc routine seq
    integer, intent(in) :: n
    real(8), intent(inout) :: x(n)
    real(8), intent(in) :: limit
    integer :: i
    search: block
      do i = 1, n
        if (x(i) > limit) then
          x(i) = limit
          exit
        end if
      end do
      if (x(1) < 0) exit search
      x(1) = x(1) + 1
    end block search
  end subroutine
end module

program block_in_region
  use block_routines
  implicit none
  integer, parameter :: n = 64
  real(8) :: a(n), b(n), ha(n), hb(n), c(4, n), hc(4, n)
  integer :: i, j, t, ht
  real(8) :: s, hs

  do i = 1, n
    a(i) = dble(mod(i * 7, 11)) - 5d0
    b(i) = dble(i) / 8d0
  end do
  ha = a; hb = b

  ! Locals, a fixed-size array and a parameter, a name hiding the host's `s`, host `b`.
  s = 3
  !$acc parallel loop copy(a) copyin(b) private(j)
  do i = 1, n
    block
      integer, parameter :: m = 4
      real(8) :: tmp(m), s
      s = b(i) * 2
      do j = 1, m
        tmp(j) = a(i) + j * s
      end do
      a(i) = sum(tmp) / m
    end block
  end do
  hs = 3
  do i = 1, n
    block
      integer, parameter :: m = 4
      real(8) :: tmp(m), s
      s = hb(i) * 2
      do j = 1, m
        tmp(j) = ha(i) + j * s
      end do
      ha(i) = sum(tmp) / m
    end block
  end do
  if (any(abs(a - ha) > 1d-12) .or. s /= hs) stop 1

  ! Nested blocks, exit out of a named block, a local do-variable.
  !$acc parallel loop copyout(c)
  do i = 1, n
    outer: block
      integer :: k
      real(8) :: accum
      accum = 0
      do k = 1, 4
        inner: block
          real(8) :: v
          v = dble(i * k)
          if (mod(i + k, 3) == 0) exit inner
          accum = accum + v
        end block inner
        c(k, i) = accum
      end do
      if (i > 60) exit outer
      c(1, i) = c(1, i) + 100
    end block outer
  end do
  do i = 1, n
    outerh: block
      integer :: k
      real(8) :: accum
      accum = 0
      do k = 1, 4
        innerh: block
          real(8) :: v
          v = dble(i * k)
          if (mod(i + k, 3) == 0) exit innerh
          accum = accum + v
        end block innerh
        hc(k, i) = accum
      end do
      if (i > 60) exit outerh
      hc(1, i) = hc(1, i) + 100
    end block outerh
  end do
  if (any(c /= hc)) stop 2

  ! A block in a serial region around a sequential loop, and routines with blocks.
  t = 0
  !$acc serial copy(t, a) copyin(b)
  block
    integer :: k, total
    total = 0
    do k = 1, n, 3
      total = total + int(b(k) * 8)
    end do
    t = total + int(weighted(b, n))
    call clamp_first(a, n, 2d0)
  end block
  !$acc end serial
  block
    integer :: k, total
    total = 0
    do k = 1, n, 3
      total = total + int(hb(k) * 8)
    end do
    ht = total + int(weighted(hb, n))
    call clamp_first(ha, n, 2d0)
  end block
  if (t /= ht) stop 3
  if (any(abs(a - ha) > 1d-12)) stop 4
  print '(a, i8, 2f14.4)', 'block: ', t, sum(a), sum(c)
end program
