! escape.f90: an `!$acc routine seq` function: the escape time of a point of the Mandelbrot
! set, in fixed-point integer(8) arithmetic (scale 2**24) so that the device and the host
! compute the same iteration counts bit for bit. It is an external function: main.f90 sees its
! arguments through an interface block (accc does not read gfortran's .mod files, so a
! module procedure of another file would leave the calling region on the host).
integer function escape_time(cr, ci, max_iter)
  implicit none
  !$acc routine seq
  integer(8), parameter :: one = 2_8**24
  integer(8), intent(in) :: cr, ci
  integer, intent(in) :: max_iter
  integer(8) :: zr, zi, zr2, zi2
  zr = 0
  zi = 0
  escape_time = max_iter
  do escape_time = 0, max_iter - 1
    zr2 = zr * zr / one
    zi2 = zi * zi / one
    if (zr2 + zi2 > 4 * one) exit
    zi = 2 * zr * zi / one + ci
    zr = zr2 - zi2 + cr
  end do
end function escape_time
