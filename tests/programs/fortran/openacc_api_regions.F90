! openacc_api_regions.F90: `use openacc` together with directives: acc_get_num_devices and
! acc_get_device_type on the host, acc_on_device inside compute regions (device or host, never
! both), acc_is_present, and the Fortran generic acc_copyin/acc_copyout on whole arrays and
! sections feeding present clauses. Preprocessed: `_OPENACC` is defined.
program openacc_api_regions
  use openacc
  implicit none
  integer, parameter :: n = 256
  integer :: a(n), b(n), flags(n), i, ndev
  logical :: present_in, present_out

#ifndef _OPENACC
  print '(a)', 'FAIL: _OPENACC is not defined'
  stop 1
#endif
  ndev = acc_get_num_devices(acc_get_device_type())
  if (ndev < 1) then
    print '(a)', 'FAIL: no device of the current type'
    stop 1
  end if

  !$acc parallel loop copyout(flags)
  do i = 1, n
    flags(i) = merge(1, 0, acc_on_device(acc_device_host)) &
               + merge(1, 0, acc_on_device(acc_device_not_host))
  end do
  if (any(flags /= 1)) then
    print '(a)', 'FAIL: acc_on_device'
    stop 1
  end if

  a = [(i, i = 1, n)]
  b = 0
  call acc_copyin(a)
  call acc_copyin(b(1:n/2))
  present_in = acc_is_present(a) .and. acc_is_present(b(1:n/2))
  if (.not. present_in) then
    print '(a)', 'FAIL: acc_is_present after acc_copyin'
    stop 1
  end if
  !$acc parallel loop present(a, b(1:n/2))
  do i = 1, n / 2
    b(i) = a(i) * 5
  end do
  call acc_copyout(b(1:n/2))
  call acc_copyout(a)
  present_out = acc_is_present(a)
  if (any(b(1:n/2) /= [(5 * i, i = 1, n / 2)]) .or. any(b(n/2+1:) /= 0)) then
    print '(a)', 'FAIL: acc_copyin/acc_copyout'
    stop 1
  end if
  ! After the copyout a is absent; libgomp's host fallback answers .true. for every host
  ! address, so this is checked where accc's runtime answers (ACCRT_OPENACC is defined).
#ifdef ACCRT_OPENACC
  if (present_out) then
    print '(a)', 'FAIL: acc_is_present after acc_copyout'
    stop 1
  end if
#endif
  print '(a,i0)', 'openacc api: ', sum(b)
  print '(a)', 'openacc api: PASS'
end program openacc_api_regions
