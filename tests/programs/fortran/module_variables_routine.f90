! module_variables_routine.f90: device routines that read and write module variables given
! device copies by `declare`: a scalar, a two-dimensional array, a logical, a `bind(c)`
! variable with a label, one reached through a `use` rename, and a routine that updates a
! counter in a serial region (kept in step with `update`).
module coefficients
  use iso_c_binding, only: c_double
  implicit none
  integer, parameter :: n = 120
  real(8) :: weight(2, 3)
  real(c_double), bind(c, name="accc_test_bias") :: bias
  logical :: negate
  integer :: calls
  !$acc declare create(weight, bias, negate)
  !$acc declare copyin(calls)
contains
  real(8) function blend(i, k)
    !$acc routine seq
    integer, value :: i, k
    blend = weight(1, k) * i + weight(2, k) + bias
    if (negate) blend = -blend
  end function

  subroutine count_call(amount)
    !$acc routine seq
    integer, value :: amount
    calls = calls + amount
  end subroutine
end module

module user
  use coefficients, only: w => weight, blend
  implicit none
contains
  real(8) function second_column(i)
    !$acc routine seq
    integer, value :: i
    second_column = w(1, 2) * i + blend(i, 3)
  end function
end module

program module_variables_routine
  use coefficients
  use user
  implicit none
  integer :: i, k
  real(8) :: x(n), y(n), expected

  do k = 1, 3
    weight(1, k) = k
    weight(2, k) = 10 * k
  end do
  bias = 0.5d0
  negate = .false.
  calls = 0
  !$acc update device(weight, bias, negate, calls)

  !$acc parallel loop copyout(x)
  do i = 1, n
    x(i) = blend(i, mod(i, 3) + 1)
  end do
  !$acc parallel loop copyout(y)
  do i = 1, n
    y(i) = second_column(i)
  end do
  !$acc serial
  do i = 1, 10
    call count_call(i)
  end do
  !$acc end serial
  !$acc update self(calls)

  do i = 1, n
    k = mod(i, 3) + 1
    expected = k * i + 10 * k + 0.5d0
    if (x(i) /= expected) then
      print *, 'FAIL: blend', i, x(i), expected
      stop 1
    end if
    expected = 2 * i + 3 * i + 30 + 0.5d0
    if (y(i) /= expected) then
      print *, 'FAIL: second_column', i, y(i), expected
      stop 1
    end if
  end do
  if (calls /= 55) then
    print *, 'FAIL: calls', calls
    stop 1
  end if

  negate = .true.
  !$acc update device(negate)
  !$acc parallel loop copyout(x)
  do i = 1, n
    x(i) = blend(i, 1)
  end do
  if (any(x /= [(-(i + 10.5d0), i = 1, n)])) then
    print *, 'FAIL: negate'
    stop 1
  end if
  print '(a,f0.1)', 'module variables in routines: ', sum(y)
end program
