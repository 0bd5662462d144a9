! derived_assignment.f90: intrinsic assignment of whole derived-type objects in compute
! regions: array elements (`b(i) = a(11 - i)`), a component of a nested type, a scalar
! variable, whole arrays and sections of a derived type in an array assignment. Compared with
! gfortran's output. Self-checking through the printed sums, and the checks below.
! accc-all-offloaded every region
program derived_assignment
  implicit none
  type pt
    real(8) :: x, y
    real(8) :: v(4)
    integer :: tag
  end type
  type wrap
    type(pt) :: inner
    logical :: ok
  end type
  type(pt) :: a(10), b(10), c(10), s
  type(wrap) :: w(10)
  integer :: i
  do i = 1, 10
    a(i)%x = i; a(i)%y = -i; a(i)%v = i * 2; a(i)%tag = i
  end do
  s%x = 1; s%y = 2; s%v = 3; s%tag = 0
  !$acc parallel loop copyin(a, s) copyout(b, w)
  do i = 1, 10
    b(i) = a(11 - i)
    w(i)%inner = b(i)
    w(i)%ok = .true.
    if (i == 5) w(i)%inner = s
  end do
  !$acc serial copyin(b) copyout(c)
  c = b
  c(1:3) = b(8:10)
  !$acc end serial
  if (any(b%tag /= [(11 - i, i = 1, 10)]) .or. any(c(4:10)%x /= b(4:10)%x)) stop 1
  if (w(5)%inner%tag /= 0 .or. .not. all(w%ok)) stop 1
  print *, b(3)%x, b(3)%v, sum(b%x), sum(c%y), w(5)%inner%x, w(4)%inner%tag, count(w%ok)
end program derived_assignment
