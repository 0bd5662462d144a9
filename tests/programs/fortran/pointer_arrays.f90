! pointer_arrays.f90: Fortran pointer arrays: an allocated pointer, a pointer to a contiguous
! slice of a target, and pointer remapping p(1:n) => t(k:), in data clauses and compute regions.
program pointer_arrays
  implicit none
  integer, parameter :: n = 600
  integer, pointer :: p(:), q(:), r(:, :)
  integer, target :: t(n)
  integer :: i, j

  allocate (p(n))
  !$acc parallel loop copyout(p)
  do i = 1, n
    p(i) = i * 2
  end do
  if (any(p /= [(2 * i, i = 1, n)])) then
    print *, 'FAIL: p'
    stop 1
  end if

  t = 0
  q => t(101:200)                    ! bounds 1..100
  !$acc parallel loop copy(q)
  do i = 1, size(q)
    q(i) = q(i) + i
  end do
  if (any(t(101:200) /= [(i, i = 1, 100)]) .or. any(t(1:100) /= 0) .or. any(t(201:) /= 0)) then
    print *, 'FAIL: slice pointer'
    stop 1
  end if

  r(0:9, 1:20) => t(201:400)          ! rank remapping with a lower bound
  !$acc data copy(r)
  !$acc parallel loop collapse(2)
  do j = 1, 20
    do i = 0, 9
      r(i, j) = 1000 * j + i
    end do
  end do
  !$acc end data
  do j = 1, 20
    do i = 0, 9
      if (t(200 + (j - 1) * 10 + i + 1) /= 1000 * j + i) then
        print *, 'FAIL: remapped', i, j
        stop 1
      end if
    end do
  end do
  deallocate (p)
  print '(a,i0)', 'pointer: ', sum(t)
  print '(a)', 'pointer: PASS'
end program pointer_arrays
