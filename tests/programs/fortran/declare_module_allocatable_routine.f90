! declare_module_allocatable_routine.f90: device routines that read and write allocatable and
! pointer module arrays given device copies by `declare create` (ranks 1 to 3, lower bounds
! other than 1), reached through the arrays' descriptors; regions that use them only through
! the routines, one that also uses an array directly, and a reallocation with other bounds.
! The routines write the device copies; `update self` brings the results back, so a routine
! that reached the host data instead (or no data) fails the check.
module fields
  implicit none
  real(8), allocatable :: u(:, :)
  real(4), allocatable :: w(:, :, :)
  integer, allocatable :: tally(:)
  integer, pointer :: marks(:)
  !$acc declare create(u, w, tally, marks)
contains
  subroutine scale_column(j, factor)
    !$acc routine seq
    integer, value :: j
    real(8), value :: factor
    integer :: i
    do i = lbound(u, 1), ubound(u, 1)
      u(i, j) = u(i, j) * factor + i
    end do
  end subroutine

  real(4) function plane_sum(k)
    !$acc routine seq
    integer, value :: k
    integer :: i, j
    plane_sum = 0
    do j = lbound(w, 2), ubound(w, 2)
      do i = lbound(w, 1), ubound(w, 1)
        plane_sum = plane_sum + w(i, j, k)
      end do
    end do
  end function

  subroutine count_into(i, value)
    !$acc routine seq
    integer, value :: i, value
    tally(i) = value + size(tally)
    marks(i - lbound(tally, 1) + 1) = 2 * value
  end subroutine
end module fields

program declare_module_allocatable_routine
  use fields
  implicit none
  integer :: i, j, k, round, lo, hi, failures
  real(4) :: sums(0:4)

  failures = 0
  do round = 1, 2
    ! Other sizes and bounds the second time (deallocated in between).
    lo = -2 * round
    hi = 3 + 4 * round
    allocate (u(lo:hi, 2:5))
    allocate (w(3, -1:1, 0:4))
    allocate (tally(lo:hi), marks(hi - lo + 1))
    do j = 2, 5
      do i = lo, hi
        u(i, j) = i + 10 * j
      end do
    end do
    do k = 0, 4
      w(:, :, k) = real(k + round, 4)
    end do
    !$acc update device(u, w)

    !$acc parallel loop
    do j = 2, 5
      call scale_column(j, 2.0d0)
    end do
    !$acc update self(u)
    do j = 2, 5
      do i = lo, hi
        if (u(i, j) /= (i + 10 * j) * 2.0d0 + i) then
          print *, 'FAIL: u', round, i, j, u(i, j)
          failures = failures + 1
        end if
      end do
    end do

    !$acc parallel loop copyout(sums)
    do k = 0, 4
      sums(k) = plane_sum(k)
    end do
    do k = 0, 4
      if (sums(k) /= 9 * real(k + round, 4)) then
        print *, 'FAIL: w', round, k, sums(k)
        failures = failures + 1
      end if
    end do

    ! A region that uses `tally` directly and through the routine.
    !$acc parallel loop present(tally)
    do i = lo, hi
      call count_into(i, i * round)
      tally(i) = tally(i) + 1
    end do
    !$acc update self(tally, marks)
    do i = lo, hi
      if (tally(i) /= i * round + (hi - lo + 1) + 1) then
        print *, 'FAIL: tally', round, i, tally(i)
        failures = failures + 1
      end if
    end do
    do i = lo, hi
      if (marks(i - lo + 1) /= 2 * i * round) then
        print *, 'FAIL: marks', round, i, marks(i - lo + 1)
        failures = failures + 1
      end if
    end do
    print '(a,i0,a,f0.1,a,f0.1)', 'round ', round, ': u ', sum(u), ', w ', sum(sums)
    deallocate (u, w, tally, marks)
  end do
  if (failures /= 0) stop 1
  print '(a)', 'declare allocatable module arrays in routines: PASS'
end program declare_module_allocatable_routine
