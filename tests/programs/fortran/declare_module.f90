! declare_module.f90: `declare create` and `declare copyin` on module variables (a scalar, a
! fixed-size array and an allocatable array), kept in step with update, used by compute regions
! in another procedure and by an `acc routine` that reads the module array on the device.
module grid
  implicit none
  integer, parameter :: n = 256
  integer :: coef(n)
  integer :: shift
  real(8), allocatable :: field(:)
  integer, parameter :: table(4) = [1, 10, 100, 1000]
  !$acc declare create(coef, shift)
  !$acc declare create(field)
contains
  integer function weighted(i)
    !$acc routine seq
    integer, intent(in) :: i
    weighted = coef(i) * 2 + shift
  end function
end module grid

program declare_module
  use grid
  implicit none
  integer :: out(n), i

  coef = [(i, i = 1, n)]
  shift = 5
  !$acc update device(coef, shift)
  allocate (field(n))            ! allocating a declared allocatable creates its device copy
  field = 0.0d0
  !$acc update device(field)

  !$acc parallel loop copyout(out)
  do i = 1, n
    out(i) = weighted(i)
    field(i) = real(out(i), 8) * 0.5d0
  end do
  !$acc update self(field)

  do i = 1, n
    if (out(i) /= 2 * i + 5 .or. field(i) /= real(2 * i + 5, 8) * 0.5d0) then
      print *, 'FAIL: declare', i
      stop 1
    end if
  end do
  deallocate (field)
  print '(a,i0)', 'declare (module): ', sum(out) + table(4)
  print '(a)', 'declare (module): PASS'
end program declare_module
