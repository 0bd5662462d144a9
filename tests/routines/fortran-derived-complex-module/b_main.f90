program main
  use bodies
  implicit none
  integer, parameter :: n = 64
  type(pt) :: p(n), m(n)
  complex(8) :: c(n), c0(n)
  complex(4) :: w(n)
  real(8) :: r(n)
  integer :: i, errors
  do i = 1, n
    p(i) = pt(dble(i), 0.5d0)
    c(i) = cmplx(i, -i, 8)
    w(i) = cmplx(1, i, 4)
  end do
  c0 = c
  !$acc parallel loop copy(p, c) copyin(w) copyout(r)
  do i = 1, n
    call push(p(i), 2.0d0)
    r(i) = weighted(c(i), w(i), i)
    c(i) = sq(c(i))
  end do
  !$acc parallel loop copyin(p) copyout(m)
  do i = 1, n
    m(i) = mirrored(p(i))
  end do
  errors = 0
  do i = 1, n
    if (p(i)%x /= i + 1.0d0 .or. m(i)%x /= -p(i)%x .or. m(i)%v /= -0.5d0 .or. &
        c(i) /= c0(i) * c0(i) .or. &
        r(i) /= real(c0(i) * i) + aimag(c0(i) * i) * real(w(i)) - aimag(w(i))) then
      errors = errors + 1
    end if
  end do
  print *, sum(p%x), sum(r), sum(c), errors
  if (errors /= 0) stop 1
end program
