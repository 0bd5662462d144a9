! main.f90: regions calling procedures of a module without an accc interface file: each keeps
! its host fallback with a remark naming the missing file, and the results stay right.
program main
  use physics
  implicit none
  integer, parameter :: n = 100
  real(wp) :: x(4, n), y(4, n), d(n)
  integer :: i, k, bad

  do i = 1, n
    do k = 1, 4
      x(k, i) = k + i
      y(k, i) = 1
    end do
  end do
  !$acc parallel loop copy(y) copyin(x)
  do i = 1, n
    call scale_add(4, 0.5_wp, x(1, i), y(1, i))
  end do
  !$acc parallel loop copyout(d)
  do i = 1, n
    d(i) = twice(real(i, wp))
  end do
  bad = 0
  do i = 1, n
    do k = 1, 4
      if (y(k, i) /= 1 + 0.5_wp * (k + i)) bad = bad + 1
    end do
    if (d(i) /= 2 * i) bad = bad + 1
  end do
  if (bad /= 0) then
    print *, 'fortran-module-no-accmod: FAIL', bad
    stop 1
  end if
end program main
