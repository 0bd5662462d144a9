! declare_local.f90: `declare` in procedures and in the main program (3.3 §2.13): the data is
! present for the unit's whole execution and copied back when it is left, by its end, by a
! `return` (also inside a logical if and a loop), with `contains` after the execution part.
! gfortran 12 refuses a `return` in a unit with `declare` ("invalid branch to/from OpenACC
! structured block"), so it compiles the same logic without them; accc (ACCRT_OPENACC) takes
! the returns. Self-checking: a wrong answer stops with status 1.
module work
  implicit none
contains
  subroutine scale(a, n, early)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    logical, intent(in) :: early
    real :: t(n)
    integer :: i, j
    !$acc declare copy(a) create(t)
    !$acc parallel loop present(a, t)
    do i = 1, n
      t(i) = 2 * a(i)
      a(i) = t(i) + 1
    end do
#ifdef ACCRT_OPENACC
    if (early) return
    do i = 1, 3
      if (i == 2) then
        !$acc parallel loop present(a)
        do j = 1, n
          a(j) = a(j) + 10
        end do
        return
      end if
    end do
    a = -1
#else
    if (.not. early) then
      !$acc parallel loop present(a)
      do j = 1, n
        a(j) = a(j) + 10
      end do
    end if
#endif
  contains
    integer function n2()
      n2 = 0
    end function
  end subroutine scale

  real function total(a, n)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    integer :: i
    !$acc declare copyin(a)
    total = 0
    !$acc parallel loop present(a) reduction(+:total)
    do i = 1, n
      total = total + a(i)
    end do
  end function total
end module work

program declare_local_p
  use work
  use openacc
  implicit none
  integer, parameter :: n = 100
  real :: a(n), b(n)
  integer :: i
  !$acc declare create(b)
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = i
  end do
  !$acc update self(b)
  a = 1
  call scale(a, n, .true.)
  if (any(a /= 3)) stop 1
  call scale(a, n, .false.)
  if (any(a /= 17)) stop 2
  if (total(a, n) /= 17 * n) stop 3
  if (b(n) /= n) stop 4
  print '(a)', 'declare in procedures: ok'
end program declare_local_p
