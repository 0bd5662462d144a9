! associate_in_region.f90: `associate` inside compute regions: names bound to an array element
! (assigned through the name, the subscript changing afterwards without moving it), to a
! scalar variable, and to expressions (evaluated once, on entry), nested constructs, inside a
! parallel loop and a serial region. Every result is compared with the same statements run on
! the host. Self-checking: a wrong answer stops with status 1. accc-all-offloaded every region
program associate_in_region
  implicit none
  integer, parameter :: n = 50
  real(8) :: a(n), b(n), ha(n), hb(n), total, htotal
  integer :: i, k, hk

  do i = 1, n
    a(i) = dble(mod(i * 13, 7)) - 3d0
    b(i) = dble(i) / 4d0
  end do
  ha = a; hb = b
  total = 0; htotal = 0
  k = 1; hk = 1

  !$acc parallel loop copy(a) copyin(b)
  do i = 1, n
    associate (x => a(i), scale => b(i) * 2 + 1)
      x = x * scale
      associate (y => a(i), twice => x + x)
        y = y + twice
      end associate
    end associate
  end do
  do i = 1, n
    associate (x => ha(i), scale => hb(i) * 2 + 1)
      x = x * scale
      associate (y => ha(i), twice => x + x)
        y = y + twice
      end associate
    end associate
  end do
  if (any(a /= ha)) stop 1

  !$acc serial copy(a, total, k)
  associate (first => a(k), s => total)
    k = 5
    first = -1
    s = first + a(k)
  end associate
  !$acc end serial
  associate (first => ha(hk), s => htotal)
    hk = 5
    first = -1
    s = first + ha(hk)
  end associate
  if (any(a /= ha)) stop 2
  if (total /= htotal .or. k /= hk) stop 3
  print '(a, 2f14.4, i4)', 'associate: ', sum(a), total, k
end program
