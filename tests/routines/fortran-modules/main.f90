! main.f90: compute regions calling module procedures of other files: `scale_add` (explicit
! seq) in a parallel loop, `energy` renamed to `kinetic` (implicit seq, calling mathlib's `sq`)
! in a parallel loop and in kernels; kinds and bounds come from the modules' constants. A serial
! region calls `accumulate`, which adds to the declared module variable `total`.
program main
  use physics, only: scale_add, kinetic => energy, wp, ncomp, accumulate, total
  implicit none
  integer, parameter :: n = 200
  real(wp) :: x(4, n), y(4, n), v(ncomp, n), e(n), e2(n)
  integer :: i, k, bad

  do i = 1, n
    do k = 1, 4
      x(k, i) = k + i
      y(k, i) = 1
    end do
    v(:, i) = [real(i, wp), 2.0_wp, -1.0_wp]
  end do
  !$acc parallel loop copy(y) copyin(x)
  do i = 1, n
    call scale_add(4, 0.5_wp, x(1, i), y(1, i))
  end do
  !$acc parallel loop copyin(v) copyout(e)
  do i = 1, n
    e(i) = kinetic(v(1, i))
  end do
  !$acc kernels copyin(v) copyout(e2)
  do i = 1, n
    e2(i) = 2 * kinetic(v(:, i))
  end do
  !$acc end kernels
  !$acc serial
  do i = 1, 10
    call accumulate(real(i, wp))
  end do
  !$acc end serial
  !$acc update self(total)
  bad = 0
  if (total /= 55) bad = bad + 1
  do i = 1, n
    do k = 1, 4
      if (y(k, i) /= 1 + 0.5_wp * (k + i)) bad = bad + 1
    end do
    if (e(i) /= 0.5_wp * (real(i, wp)**2 + 5)) bad = bad + 1
    if (e2(i) /= real(i, wp)**2 + 5) bad = bad + 1
  end do
  if (bad /= 0) then
    print *, 'fortran-modules: FAIL', bad
    stop 1
  end if
end program main
