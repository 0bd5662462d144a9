! host_data_assumed_size.F90: host_data use_device of assumed-size dummies (`f(*)`, `g(m,*)`),
! as MPI codes written for nvfortran pass device buffers on: inside the construct the name is
! the device copy, passed on to a procedure whose compute region uses deviceptr, and its
! elements' addresses are those of the device copy. (gfortran 12 refuses use_device of an
! assumed-size array, so its reference build declares the same dummies with explicit shape.)
! accc-all-offloaded
module scale_on_device
  implicit none
  integer, parameter :: cols = 3
contains
  ! (Two copies: each deviceptr region runs once, as the gfortran 12 reference build crashes
  ! when one runs a second time.)
  subroutine twice(n, v)
    integer, intent(in) :: n
    real(8) :: v(n)
    integer :: i
    !$acc parallel loop deviceptr(v)
    do i = 1, n
      v(i) = 2 * v(i) + 1
    end do
  end subroutine

  subroutine twice_too(n, v)
    integer, intent(in) :: n
    real(8) :: v(n)
    integer :: i
    !$acc parallel loop deviceptr(v)
    do i = 1, n
      v(i) = 2 * v(i) + 1
    end do
  end subroutine

  subroutine through_1d(f, n)
    integer, intent(in) :: n
#if _OPENACC > 201711
    real(8) :: f(*)
#else
    real(8) :: f(n)
#endif
    !$acc host_data use_device(f)
    call twice(n, f)
    !$acc end host_data
  end subroutine

  subroutine through_2d(g, m)
    integer, intent(in) :: m
#if _OPENACC > 201711
    real(8) :: g(m, *)
#else
    real(8) :: g(m, cols)
#endif
    ! Only the second column, from its first element on (a halo exchange's send buffer).
    !$acc host_data use_device(g)
    call twice_too(m, g(1, 2))
    !$acc end host_data
  end subroutine
end module scale_on_device

program host_data_assumed_size
  use scale_on_device
  implicit none
  integer, parameter :: n = 500, m = 40
  real(8) :: a(n), b(m, cols)
  integer :: i, j, bad

  a = [(real(i, 8), i = 1, n)]
  b = reshape([(real(i, 8), i = 1, m * cols)], [m, cols])
  !$acc data copy(a, b)
  call through_1d(a, n)
  call through_2d(b, m)
  !$acc end data
  bad = 0
  do i = 1, n
    if (a(i) /= 2 * i + 1) bad = bad + 1
  end do
  do j = 1, cols
    do i = 1, m
      if (j == 2 .and. b(i, j) /= 2 * (i + m * (j - 1)) + 1) bad = bad + 1
      if (j /= 2 .and. b(i, j) /= i + m * (j - 1)) bad = bad + 1
    end do
  end do
  if (bad /= 0) then
    print *, 'FAIL: wrong elements', bad
    stop 1
  end if
  print *, 'PASS', int(sum(a)), int(sum(b))
end program
