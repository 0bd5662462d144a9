! declare_module_update.f90: module variables with `declare` used by device routines of the
! module, with the operations that must address their one device copy: a `declare copyin`
! initial value, `update device`/`update self`, `present` and `acc_is_present`, a kernel that
! writes a variable through its data clause while a later kernel's routine reads it by name,
! and a routine that writes one that `update self` brings back.
module tables
  implicit none
  integer, parameter :: n = 200
  real(8) :: lut(4) = [1.0d0, 2.0d0, 3.0d0, 4.0d0]
  real(8) :: gain
  real(8) :: stage(n)
  integer :: hits(n)
  !$acc declare copyin(lut)
  !$acc declare create(gain, stage, hits)
contains
  real(8) function lookup(i)
    !$acc routine seq
    integer, value :: i
    lookup = gain * lut(mod(i, 4) + 1)
  end function

  subroutine record(i)
    !$acc routine seq
    integer, value :: i
    hits(i) = int(stage(mod(i, n) + 1) * 4.0d0)
  end subroutine
end module

program declare_module_update
  use openacc
  use tables
  implicit none
  integer :: i, errors, wrong
  real(8) :: x(n)

  errors = 0
  gain = 3.0d0
  !$acc update device(gain)

  !$acc parallel loop copyout(x)
  do i = 1, n
    x(i) = lookup(i)
  end do
  wrong = count([(x(i) /= 3.0d0 * (mod(i, 4) + 1), i = 1, n)])
  print '(a, i0)', 'lookup: errors = ', wrong
  errors = errors + wrong

  if (.not. acc_is_present(lut) .or. .not. acc_is_present(stage)) errors = errors + 1
  print '(a, l1)', 'present: ', acc_is_present(lut) .and. acc_is_present(hits)

  gain = 0.5d0
  !$acc update device(gain)
  !$acc parallel loop copyout(x) present(lut)
  do i = 1, n
    x(i) = lookup(i)
  end do
  wrong = count([(x(i) /= 0.5d0 * (mod(i, 4) + 1), i = 1, n)])
  print '(a, i0)', 'after update device: errors = ', wrong
  errors = errors + wrong

  !$acc parallel loop present(stage)
  do i = 1, n
    stage(i) = i * 0.25d0
  end do
  !$acc parallel loop copy(stage)
  do i = 1, n
    call record(i)
  end do
  !$acc update self(hits, stage)
  wrong = 0
  do i = 1, n
    if (hits(i) /= mod(i, n) + 1) wrong = wrong + 1
    if (stage(i) /= i * 0.25d0) wrong = wrong + 1
  end do
  print '(a, i0, a, i0)', 'routine writes: sum = ', sum(hits), ', errors = ', wrong
  errors = errors + wrong
  if (errors /= 0) stop 1
end program
