! main.f90: an escape-time image of the Mandelbrot set: a `parallel loop collapse(2)` calls the
! routine escape_time (escape.f90) for every pixel; the image is checked against the same
! function called on the host, and an ASCII thumbnail is printed.
program routine_f
  implicit none
  interface
    integer function escape_time(cr, ci, max_iter)
      !$acc routine seq
      integer(8), intent(in) :: cr, ci
      integer, intent(in) :: max_iter
    end function escape_time
  end interface
  integer(8), parameter :: one = 2_8**24
  integer, parameter :: w = 240, h = 160, max_iter = 200
  integer :: img(w, h), px, py, bad
  integer(8) :: cr, ci
  character(len=60) :: line
  character(len=*), parameter :: shades = ' .:-=+*#%@'

  !$acc parallel loop collapse(2) copyout(img) private(cr, ci)
  do py = 1, h
    do px = 1, w
      cr = -2 * one + (3 * one * (px - 1)) / w
      ci = -one + (2 * one * (py - 1)) / h
      img(px, py) = escape_time(cr, ci, max_iter)
    end do
  end do

  bad = 0
  do py = 1, h
    do px = 1, w
      cr = -2 * one + (3 * one * (px - 1)) / w
      ci = -one + (2 * one * (py - 1)) / h
      if (img(px, py) /= escape_time(cr, ci, max_iter)) bad = bad + 1
    end do
  end do
  do py = 1, h, 10
    do px = 1, 60
      line(px:px) = shades(min(10, img(4 * px - 3, py) / 20 + 1):min(10, img(4 * px - 3, py) / 20 + 1))
    end do
    print '(a)', line
  end do
  print '(a,i0,a,i0)', 'routine_f: pixels in the set ', count(img == max_iter), &
    ', total iterations ', sum(img)
  if (bad /= 0) then
    print '(a,i0,a)', 'routine_f: FAIL, ', bad, ' pixels differ from the host'
    stop 1
  end if
  print '(a)', 'routine_f: PASS'
end program routine_f
