! deviceptr_clause.f90: deviceptr on dummy arrays that hold device addresses: the caller passes
! them from host_data use_device inside a data region, as OpenACC requires for Fortran.
module devptr_mod
  implicit none
contains
  subroutine axpy(n, alpha, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: alpha
    real(8) :: x(n), y(n)
    integer :: i
    !$acc parallel loop deviceptr(x, y)
    do i = 1, n
      y(i) = alpha * x(i) + y(i)
    end do
  end subroutine

  subroutine fill(n, v)
    integer, intent(in) :: n
    integer :: v(n)
    integer :: i
    !$acc data deviceptr(v)
    !$acc parallel loop
    do i = 1, n
      v(i) = i * 3
    end do
    !$acc end data
  end subroutine
end module devptr_mod

program deviceptr_clause
  use devptr_mod
  implicit none
  integer, parameter :: n = 1500
  real(8) :: x(n), y(n)
  integer :: v(n), i

  do i = 1, n
    x(i) = real(i, 8)
    y(i) = 1.0d0
  end do
  v = 0
  !$acc data copyin(x) copy(y) copyout(v)
  !$acc host_data use_device(x, y, v)
  call axpy(n, 2.0d0, x, y)
  call fill(n, v)
  !$acc end host_data
  !$acc end data

  do i = 1, n
    if (y(i) /= 2.0d0 * i + 1.0d0 .or. v(i) /= 3 * i) then
      print *, 'FAIL: deviceptr', i
      stop 1
    end if
  end do
  print '(a,i0)', 'deviceptr: ', nint(sum(y)) + sum(v)
  print '(a)', 'deviceptr: PASS'
end program deviceptr_clause
