! host_data_arrays.F90: host_data use_device of every array kind whose shape is known: an
! assumed-shape dummy with lower bounds, a two-dimensional allocatable with lower bounds, an
! explicit-shape array of a derived type and a scalar. Inside the construct each name denotes
! the device copy with the variable's own bounds: procedures with deviceptr dummies change the
! device copies, which the data constructs copy back (a host address would be changed on the
! host and then overwritten by the copy back). gfortran 12 (OpenACC 2.6) refuses allocatables
! and scalars in use_device: its reference build takes the #else branches, which run the same
! procedures on the host data (its host device shares memory).
module hd_arrays
  use iso_c_binding
  implicit none
  type pair
    integer :: key
    real(8) :: val
  end type
contains
  subroutine bump(n, v, by)
    integer, intent(in) :: n, by
    integer :: v(n)
    integer :: i
    !$acc parallel loop deviceptr(v)
    do i = 1, n
      v(i) = v(i) + by
    end do
  end subroutine

  subroutine scale2d(n1, n2, m)
    integer, intent(in) :: n1, n2
    real(8) :: m(n1, n2)
    integer :: i, j
    !$acc parallel loop collapse(2) deviceptr(m)
    do j = 1, n2
      do i = 1, n1
        m(i, j) = m(i, j) * (i + 10 * j)
      end do
    end do
  end subroutine

  subroutine keys(n, p)
    integer, intent(in) :: n
    type(pair) :: p(n)
    integer :: i
    !$acc parallel loop deviceptr(p)
    do i = 1, n
      p(i)%key = p(i)%key * 2
      p(i)%val = p(i)%val + 0.5d0
    end do
  end subroutine

  subroutine set_scalar(s)
    integer :: s
    !$acc serial deviceptr(s)
    s = 42
    !$acc end serial
  end subroutine

  ! An assumed-shape dummy with a lower bound: inside host_data it keeps the bound.
  subroutine shifted(a, bounds_ok)
    integer :: a(-3:)
    logical, intent(out) :: bounds_ok
    !$acc data copy(a)
    !$acc host_data use_device(a)
    bounds_ok = lbound(a, 1) == -3 .and. ubound(a, 1) == size(a) - 4
    call bump(size(a), a(-3:), 5)
    !$acc end host_data
    !$acc end data
  end subroutine
end module hd_arrays

program host_data_arrays
  use hd_arrays
  implicit none
  integer, parameter :: n = 300
  integer :: v(n), i, j, s
  real(8), allocatable :: m(:, :)
  type(pair) :: p(0:n - 1)
  logical :: ok1, ok2

  v = [(i, i = 1, n)]
  call shifted(v, ok1)

  allocate(m(0:9, -2:5))
  m = 1.0d0
  ok2 = .false.
#if _OPENACC > 201711
  !$acc data copy(m)
  !$acc host_data use_device(m)
  ok2 = lbound(m, 1) == 0 .and. lbound(m, 2) == -2 .and. ubound(m, 2) == 5
  call scale2d(10, 8, m)
  !$acc end host_data
  !$acc end data
#else
  ok2 = .true.
  call scale2d(10, 8, m)
#endif

  p%key = [(i, i = 0, n - 1)]
  p%val = 1.0d0
  s = 0
#if _OPENACC > 201711
  !$acc data copy(p, s)
  !$acc host_data use_device(p, s)
  call keys(n, p)
  call set_scalar(s)
  !$acc end host_data
  !$acc end data
#else
  !$acc data copy(p)
  !$acc host_data use_device(p)
  call keys(n, p)
  !$acc end host_data
  !$acc end data
  call set_scalar(s)
#endif

  if (.not. (ok1 .and. ok2)) then
    print *, 'FAIL: bounds', ok1, ok2
    stop 1
  end if
  do i = 1, n
    if (v(i) /= i + 5 .or. p(i - 1)%key /= 2 * (i - 1) .or. p(i - 1)%val /= 1.5d0) then
      print *, 'FAIL: values', i, v(i), p(i - 1)%key
      stop 1
    end if
  end do
  do j = 1, 8
    do i = 1, 10
      if (m(i - 1, j - 3) /= real(i + 10 * j, 8)) then
        print *, 'FAIL: m', i, j, m(i - 1, j - 3)
        stop 1
      end if
    end do
  end do
  if (s /= 42) then
    print *, 'FAIL: scalar', s
    stop 1
  end if
  print '(a,i0,1x,f0.1)', 'host_data arrays: ', sum(v) + sum(p%key) + s, sum(m)
  print '(a)', 'host_data arrays: PASS'
end program host_data_arrays
