! libphysics.f90 (archived into libcase.a): module physics, used by main.f90 through its
! accc interface file. `scale_add` is an explicit `routine seq`; `energy` is implicit and calls
! mathlib's `sq` (another file); `secret` is private; `report` prints, so device code cannot
! call it; `accumulate` updates a module variable that `declare` gives a device copy.
module physics
  use mathlib, only: wp, ncomp, sq
  implicit none
  private
  public :: scale_add, energy, report, accumulate, wp, ncomp
  real(wp), public :: total = 0
  !$acc declare create(total)
contains
  subroutine scale_add(n, alpha, x, y)
    !$acc routine seq
    integer, intent(in) :: n
    real(wp), intent(in) :: alpha, x(n)
    real(wp), intent(inout) :: y(n)
    integer :: k
    do k = 1, n
      y(k) = y(k) + alpha * x(k) + secret()
    end do
  end subroutine scale_add

  function energy(v) result(e)
    real(wp), intent(in) :: v(ncomp)
    real(wp) :: e
    integer :: k
    e = 0
    do k = 1, ncomp
      e = e + 0.5_wp * sq(v(k))
    end do
  end function energy

  function secret() result(z)
    real(wp) :: z
    z = 0
  end function secret

  subroutine accumulate(x)
    real(wp), intent(in) :: x
    total = total + x
  end subroutine accumulate

  subroutine report(x)
    real(wp), intent(in) :: x
    print *, 'report', x
  end subroutine report
end module physics
