! `!$acc routine(name)` inside the interface body of `name` itself, as IFS's generated
! `*.intfb.h` interface files write it (nvfortran accepts it; gfortran 12 only takes the form
! without a name there, which its reference build below uses).
subroutine addone(x)
  !$acc routine seq
  real, intent(inout) :: x
  x = x + 1
end subroutine

program routine_named_in_interface
  implicit none
  interface
    subroutine addone(x)
#if _OPENACC > 201711
      !$acc routine(addone) seq
#else
      !$acc routine seq
#endif
      real, intent(inout) :: x
    end subroutine
  end interface
  real :: a(4)
  integer :: i
  a = 1
  !$acc parallel loop copy(a)
  do i = 1, 4
    call addone(a(i))
  end do
  print '(4f5.1)', a
  if (any(a /= 2)) stop 1
end program
