! associate_array.f90: `associate` names bound to arrays inside compute regions and a device
! routine: a column section `r => a(:, j)` read by element, inquired (`size`, `lbound`,
! `ubound`), reduced (`sum`, `maxval`), assigned whole, by section and by element; a strided
! section `s => v(2::3)`; a whole array `w => m` keeping its lower bound 0; a section of an
! allocatable; an associate name of a section of another associate name. Every result is
! compared with the same statements run on the host. Self-checking: a wrong answer stops with
! status 1. accc-all-offloaded every region and routine
module assoc_routines
  implicit none
contains
  subroutine scale_column(a, n, m, j, f)
    !$acc routine seq
    integer, intent(in) :: n, m, j
    real(8), intent(inout) :: a(n, m)
    real(8), intent(in) :: f
    integer :: i
    associate (c => a(:, j))
      do i = lbound(c, 1), ubound(c, 1)
        c(i) = c(i) * f + dble(size(c))
      end do
      c(1) = sum(c)
    end associate
  end subroutine
end module

program associate_array
  use assoc_routines
  implicit none
  integer, parameter :: n = 12, m = 7
  real(8) :: a(n, m), ha(n, m), v(40), hv(40), m0(0:9), hm0(0:9)
  real(8) :: tot(m), htot(m)
  real(8), allocatable :: al(:, :), hal(:, :)
  integer :: i, j, ext(m), hext(m)

  do j = 1, m
    do i = 1, n
      a(i, j) = dble(mod(i * 7 + j * 3, 11)) - 4d0
    end do
  end do
  do i = 1, 40
    v(i) = dble(i) * 0.5d0
  end do
  do i = 0, 9
    m0(i) = dble(i * i)
  end do
  ha = a; hv = v; hm0 = m0
  allocate (al(3:8, 2), hal(3:8, 2))
  al = 1.5d0; hal = al

  ! Column sections in a parallel loop: inquiries, reductions, element and section writes.
  !$acc parallel loop copy(a, tot, ext)
  do j = 1, m
    associate (r => a(:, j))
      tot(j) = sum(r) + maxval(r) + dble(lbound(r, 1))
      ext(j) = size(r) * 100 + ubound(r, 1)
      r(1) = r(2) + r(n)
      r(3:5) = r(3:5) * 2d0 + 1d0
      r = r - dble(j)
    end associate
  end do
  do j = 1, m
    associate (r => ha(:, j))
      htot(j) = sum(r) + maxval(r) + dble(lbound(r, 1))
      hext(j) = size(r) * 100 + ubound(r, 1)
      r(1) = r(2) + r(n)
      r(3:5) = r(3:5) * 2d0 + 1d0
      r = r - dble(j)
    end associate
  end do
  if (any(a /= ha)) stop 1
  if (any(tot /= htot) .or. any(ext /= hext)) stop 2

  ! A strided section, a whole array with lower bound 0, a section of an associate name.
  !$acc serial copy(v, m0, tot)
  associate (s => v(2::3), w => m0)
    tot(1) = dble(size(s)) + dble(lbound(w, 1)) + dble(ubound(w, 1))
    s = s * 10d0
    w(0) = w(9) + sum(w)
    associate (t => s(2:size(s):2))
      t = -t
      tot(2) = sum(t) + dble(size(t))
    end associate
    w(1:3) = s(1:3)
  end associate
  !$acc end serial
  associate (s => hv(2::3), w => hm0)
    htot(1) = dble(size(s)) + dble(lbound(w, 1)) + dble(ubound(w, 1))
    s = s * 10d0
    w(0) = w(9) + sum(w)
    associate (t => s(2:size(s):2))
      t = -t
      htot(2) = sum(t) + dble(size(t))
    end associate
    w(1:3) = s(1:3)
  end associate
  if (any(v /= hv) .or. any(m0 /= hm0)) stop 3
  if (tot(1) /= htot(1) .or. tot(2) /= htot(2)) stop 4

  ! A row section of an allocatable array (non-unit memory stride).
  !$acc parallel copy(al)
  associate (row => al(5, :))
    row = row + dble(size(row))
    row(2) = row(1) * 3d0
  end associate
  !$acc end parallel
  associate (row => hal(5, :))
    row = row + dble(size(row))
    row(2) = row(1) * 3d0
  end associate
  if (any(al /= hal)) stop 5

  ! A routine using an associate name of a column.
  !$acc parallel loop copy(a)
  do j = 1, m
    call scale_column(a, n, m, j, 0.5d0)
  end do
  do j = 1, m
    call scale_column(ha, n, m, j, 0.5d0)
  end do
  if (any(a /= ha)) stop 6
  print '(a, 3f14.4, i6)', 'associate arrays: ', sum(a), sum(v), sum(m0), sum(ext)
end program
