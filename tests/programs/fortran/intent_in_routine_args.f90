! intent(in) dummies passed on to `routine seq` procedures inside compute constructs (IFS
! physics passes KLON, KIDIA, KFDIA down that way): the region's host fallback keeps
! firstprivate scalars as they were by saving and restoring them, which an intent(in) dummy
! needs no more than gfortran allows it.
module intent_in_physics
  implicit none
contains
  subroutine add_level(klev, kidia, x)
    !$acc routine seq
    integer, intent(in) :: klev, kidia
    real(8), intent(inout) :: x
    x = x + klev * 10 + kidia
  end subroutine

  subroutine physics(klon, klev, kidia, kfdia, a)
    integer, intent(in) :: klon, klev, kidia, kfdia
    real(8), intent(inout) :: a(klon)
    integer :: jl
    !$acc parallel loop copy(a)
    do jl = kidia, kfdia
      call add_level(klev, kidia, a(jl))
    end do
    !$acc parallel loop copy(a) firstprivate(klev)
    do jl = kidia, kfdia
      call add_level(klev, kidia, a(jl))
    end do
    !$acc kernels copy(a)
    do jl = kidia, kfdia
      call add_level(klev, kfdia, a(jl))
    end do
    !$acc end kernels
  end subroutine
end module

program intent_in_routine_args
  use intent_in_physics
  implicit none
  real(8) :: a(8)
  a = 0
  call physics(8, 3, 2, 7, a)
  print '(8f7.1)', a
  if (a(1) /= 0 .or. a(2) /= 101 .or. a(8) /= 0) stop 1
end program
