! allocatable_arrays.f90: allocatable arrays (1-D, 2-D with lower bounds chosen at allocation,
! module allocatables) in data clauses, enter/exit data around a reallocation, and size/lbound
! of the allocated bounds inside compute regions.
module fields
  implicit none
  real(8), allocatable :: u(:, :)
end module fields

program allocatable_arrays
  use fields
  implicit none
  integer, allocatable :: v(:)
  integer :: n, i, j, k, dims(3), s

  n = 1000
  allocate (v(n))
  !$acc parallel loop copyout(v)
  do i = 1, n
    v(i) = 3 * i
  end do
  if (any(v /= [(3 * i, i = 1, n)])) then
    print *, 'FAIL: v'
    stop 1
  end if

  allocate (u(0:9, -4:5))
  !$acc enter data create(u)
  !$acc parallel loop collapse(2) present(u)
  do j = -4, 5
    do i = 0, 9
      u(i, j) = real(i * 10 + j, 8)
    end do
  end do
  !$acc serial present(u) copyout(dims)
  dims(1) = size(u)
  dims(2) = lbound(u, 2)
  dims(3) = ubound(u, 1)
  !$acc end serial
  !$acc exit data copyout(u)
  if (any(dims /= [100, -4, 9])) then
    print *, 'FAIL: dims', dims
    stop 1
  end if
  do j = -4, 5
    do i = 0, 9
      if (u(i, j) /= real(i * 10 + j, 8)) then
        print *, 'FAIL: u', i, j
        stop 1
      end if
    end do
  end do

  ! Reallocate with another size and use it again.
  deallocate (v)
  n = 37
  allocate (v(-n:n))
  v = 1
  s = 0
  do k = 1, 3
    !$acc parallel loop copy(v) reduction(+:s)
    do i = -n, n
      v(i) = v(i) + i
      s = s + v(i)
    end do
  end do
  if (any(v /= [(1 + 3 * i, i = -n, n)]) .or. s /= 3 * (2 * n + 1)) then
    print *, 'FAIL: reallocated v', s
    stop 1
  end if
  deallocate (v, u)
  print '(a,i0)', 'allocatable: ', s
  print '(a)', 'allocatable: PASS'
end program allocatable_arrays
