! if_clauses.f90: the if clause on parallel, kernels, serial, data, enter/exit data and update,
! true and false: a false if runs the region on the host (acc_on_device says so) with the same
! results. if_present on update.
program if_clauses
  use openacc
  implicit none
  integer, parameter :: n = 300
  integer :: a(n), b(n), i, where_dev(3)
  logical :: on, off

  on = .true.
  off = .false.
  a = [(i, i = 1, n)]
  b = 0
  where_dev = -1

  !$acc parallel loop if(on) copyin(a) copy(b)
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$acc parallel loop if(off) copyin(a) copy(b)
  do i = 1, n
    b(i) = b(i) + a(i)
  end do
  !$acc kernels if(n > 1000) copy(b)
  b(:) = b(:) + 1
  !$acc end kernels
  !$acc serial if(off) copy(where_dev)
  where_dev(1) = merge(1, 0, acc_on_device(acc_device_not_host))
  where_dev(2) = merge(1, 0, acc_on_device(acc_device_host))
  !$acc end serial

  !$acc data copy(b) if(on)
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = b(i) - 1
  end do
  !$acc end data

  !$acc enter data copyin(a) if(off)
  !$acc enter data copyin(a) if(on)
  !$acc update device(a) if(on)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1
  end do
  !$acc update self(a) if(on)
  !$acc exit data delete(a) if(on)
  !$acc update self(a) if_present
  !$acc exit data delete(a) if(off)

  do i = 1, n
    if (b(i) /= 3 * i .or. a(i) /= i + 1) then
      print *, 'FAIL: if', i, b(i), a(i)
      stop 1
    end if
  end do
  if (where_dev(1) /= 0 .or. where_dev(2) /= 1) then
    print *, 'FAIL: if(.false.) region not on the host', where_dev
    stop 1
  end if
  print '(a,i0)', 'if: ', sum(b) + sum(a)
  print '(a)', 'if: PASS'
end program if_clauses
