! declare_module_derived_routine.f90: a device routine that reads a module variable of a
! derived type (scalar and fixed-size array components) given a device copy by
! `declare copyin` (its default initial value), kept in step with `update device`.
module physics
  implicit none
  type params
    real(8) :: dt = 0.5d0
    integer :: steps = 3
    real(8) :: coef(3) = [1.0d0, 0.5d0, 2.0d0]
  end type
  type(params) :: prm
  !$acc declare copyin(prm)
contains
  real(8) function advance(x)
    !$acc routine seq
    real(8), value :: x
    integer :: s
    advance = x
    do s = 1, prm%steps
      advance = advance + prm%dt * (prm%coef(1) + prm%coef(2) * advance + prm%coef(3))
    end do
  end function
end module physics

program declare_module_derived_routine
  use physics
  implicit none
  integer, parameter :: n = 64
  real(8) :: out(n)
  integer :: i, round

  do round = 1, 2
    !$acc parallel loop copyout(out)
    do i = 1, n
      out(i) = advance(real(i, 8))
    end do
    do i = 1, n
      if (out(i) /= advance(real(i, 8))) then
        print *, 'FAIL: derived', round, i, out(i), advance(real(i, 8))
        stop 1
      end if
    end do
    print '(a,i0,a,f0.4)', 'round ', round, ': ', sum(out)
    ! Other parameters for the second round, copied to the device copy.
    prm%dt = 0.25d0
    prm%steps = 5
    prm%coef(3) = -1.0d0
    !$acc update device(prm)
  end do
  print '(a)', 'declare derived-type module variable in a routine: PASS'
end program declare_module_derived_routine
