! declare_link_module.F90: `declare link` (OpenACC 3.3 §2.13.3) of module arrays used by device
! routines: the device holds no copy until a data clause maps them; mapped by a data construct,
! by enter data / exit data with update in between, and by a section. On a device with its own
! memory each step fails when the link does not follow the mapping.
module linked
  implicit none
  integer, parameter :: n = 1000
  real(8) :: table(n)
  integer :: counts(64)
  ! gfortran 12, the reference compiler of tests/run.sh (_OPENACC 201711), refuses link
  ! variables used in routines; its host fallback gets `create` instead.
#if _OPENACC >= 202211
  !$acc declare link(table, counts)
#else
  !$acc declare create(table, counts)
#endif
contains
  real(8) function scaled(i)
    !$acc routine seq
    integer, value :: i
    scaled = 2.0d0 * table(i)
  end function

  subroutine bump(i)
    !$acc routine seq
    integer, value :: i
    table(i) = table(i) + 1.0d0
  end subroutine

  integer function tally(i)
    !$acc routine seq
    integer, value :: i
    tally = counts(mod(i - 1, 64) + 1)
  end function
end module

program declare_link_module
  use linked
  implicit none
  integer :: i, errors, wrong, total
  real(8) :: out(n)
  integer :: got(128)

  errors = 0
  ! 1. A data construct maps the whole array: one routine reads it, another writes it.
  do i = 1, n
    table(i) = i
  end do
  !$acc data copy(table)
  !$acc parallel loop copyout(out)
  do i = 1, n
    out(i) = scaled(i)
  end do
  !$acc parallel loop
  do i = 1, n
    call bump(i)
  end do
  !$acc end data
  wrong = 0
  do i = 1, n
    if (out(i) /= 2.0d0 * i .or. table(i) /= i + 1.0d0) wrong = wrong + 1
  end do
  print '(a, i0)', 'data copy: errors = ', wrong
  errors = errors + wrong

  ! 2. enter data, update device, a routine writes, update self, exit data.
  !$acc enter data copyin(table)
  do i = 1, n
    table(i) = 10.0d0 * i
  end do
  !$acc update device(table)
  !$acc parallel loop
  do i = 1, n
    call bump(i)
  end do
  !$acc update self(table)
  !$acc exit data delete(table)
  wrong = 0
  do i = 1, n
    if (table(i) /= 10.0d0 * i + 1.0d0) wrong = wrong + 1
  end do
  print '(a, i0)', 'enter/update/exit data: errors = ', wrong
  errors = errors + wrong

  ! 3. A section in the middle: the routine reads inside it.
  do i = 1, n
    table(i) = n - i
  end do
  !$acc data copyin(table(251:750))
  !$acc parallel loop copyout(out(251:750))
  do i = 251, 750
    out(i) = scaled(i)
  end do
  !$acc end data
  wrong = 0
  do i = 251, 750
    if (out(i) /= 2.0d0 * (n - i)) wrong = wrong + 1
  end do
  print '(a, i0)', 'section: errors = ', wrong
  errors = errors + wrong

  ! 4. The second linked array, mapped by copyin.
  do i = 1, 64
    counts(i) = 3 * i
  end do
  !$acc parallel loop copyin(counts) copyout(got)
  do i = 1, 128
    got(i) = tally(i)
  end do
  total = sum(got)
  print '(a, i0)', 'counts: total = ', total
  if (total /= 2 * 3 * (64 * 65 / 2)) errors = errors + 1
  if (errors /= 0) stop 1
end program
