! main.f90: compute regions calling the external procedures of ops.f90 through interface
! blocks; the link step finds their device code in ops.o.
program main
  implicit none
  interface
    subroutine scale_add(n, alpha, x, y)
      !$acc routine seq
      integer, intent(in) :: n
      real(8), intent(in) :: alpha, x(n)
      real(8), intent(inout) :: y(n)
    end subroutine scale_add
    real(8) function dot3(a, b)
      real(8), intent(in) :: a(3), b(3)
    end function dot3
  end interface
  integer, parameter :: n = 100
  real(8) :: x(4, n), y(4, n), p(3, n), d(n)
  integer :: i, k, bad

  do i = 1, n
    do k = 1, 4
      x(k, i) = k + i
      y(k, i) = 1
    end do
    p(:, i) = [real(i, 8), 2.0d0, -1.0d0]
  end do
  !$acc parallel loop copy(y) copyin(x)
  do i = 1, n
    call scale_add(4, 0.5d0, x(1, i), y(1, i))
  end do
  !$acc parallel loop copyin(p) copyout(d)
  do i = 1, n
    d(i) = dot3(p(1, i), p(1, i))
  end do
  bad = 0
  do i = 1, n
    do k = 1, 4
      if (y(k, i) /= 1 + 0.5d0 * (k + i)) bad = bad + 1
    end do
    if (d(i) /= real(i, 8)**2 + 5) bad = bad + 1
  end do
  if (bad /= 0) then
    print *, 'fortran-external: FAIL', bad
    stop 1
  end if
end program main
