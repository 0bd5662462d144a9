! Generic interfaces of a module: `scaled` has private specifics for real(8) and integer
! scalars and for real(8) rank-1 arrays; `norm` is a generic of interface-free module
! functions with an optional argument.
module ops
  implicit none
  private
  public :: scaled, norm
  interface scaled
    module procedure scaled_r8, scaled_i4
    module procedure scaled_row
  end interface
  interface norm
    module procedure norm2d, norm3d
  end interface
contains
  real(8) function scaled_r8(x, factor)
    !$acc routine seq
    real(8), value :: x
    real(8), value :: factor
    scaled_r8 = x * factor
  end function
  integer function scaled_i4(x, factor)
    !$acc routine seq
    integer, value :: x
    integer, value :: factor
    scaled_i4 = x * factor + 1
  end function
  real(8) function scaled_row(x, factor)
    !$acc routine seq
    real(8), intent(in) :: x(3)
    real(8), value :: factor
    scaled_row = (x(1) + x(2) + x(3)) * factor
  end function
  real(8) function norm2d(a, b)
    !$acc routine seq
    real(8), value :: a, b
    norm2d = abs(a) + abs(b)
  end function
  real(8) function norm3d(a, b, c)
    !$acc routine seq
    real(8), value :: a, b, c
    norm3d = abs(a) + abs(b) + abs(c)
  end function
end module
