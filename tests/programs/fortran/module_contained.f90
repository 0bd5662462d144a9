! module_contained.f90: a module whose contained procedures hold compute and data regions on
! module variables and on dummies, an internal procedure (contains in a subroutine) holding a
! region that uses its host's variables, and a module function called in an if clause.
module vecops
  implicit none
  integer, parameter :: n = 400
  real(8) :: state(n)
contains
  subroutine init_state()
    integer :: i
    !$acc parallel loop copyout(state)
    do i = 1, n
      state(i) = real(i, 8)
    end do
  end subroutine

  subroutine relax(times)
    integer, intent(in) :: times
    integer :: t
    !$acc data copy(state)
    do t = 1, times
      call step()
    end do
    !$acc end data
  contains
    subroutine step()
      integer :: i
      !$acc parallel loop present(state)
      do i = 1, n
        state(i) = state(i) * 0.5d0 + 1.0d0
      end do
    end subroutine
  end subroutine

  subroutine total(s)
    real(8), intent(out) :: s
    real(8) :: acc
    integer :: i
    acc = 0.0d0
    !$acc parallel loop copyin(state) reduction(+:acc) if(big_enough())
    do i = 1, n
      acc = acc + state(i)
    end do
    s = acc
  end subroutine

  logical function big_enough()
    big_enough = n > 100
  end function
end module vecops

program module_contained
  use vecops
  implicit none
  integer :: i
  real(8) :: want, s

  call init_state()
  call relax(3)
  do i = 1, n
    want = ((real(i, 8) * 0.5d0 + 1.0d0) * 0.5d0 + 1.0d0) * 0.5d0 + 1.0d0
    if (state(i) /= want) then
      print *, 'FAIL: state', i
      stop 1
    end if
  end do
  call total(s)
  if (s /= sum(state)) then      ! exact: every state(i) is a multiple of 1/8 below 2^20
    print *, 'FAIL: total'
    stop 1
  end if
  print '(a,i0)', 'module procedures: ', nint(8.0d0 * s)
  print '(a)', 'module procedures: PASS'
end program module_contained
