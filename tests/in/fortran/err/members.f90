module m
  type t
    real :: x
    real, allocatable :: v(:)
  end type t
end module m
subroutine s(o, r)
  use m
  type(t) :: o
  real :: r
  !$acc enter data copyin(o%y, r%x, o%v(1:2, 3))
  !$acc enter data attach(r) copyin(n)
end subroutine s
