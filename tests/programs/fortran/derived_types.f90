! derived_types.f90: arrays of a derived type (particles, array of structures) in data clauses,
! a derived-type variable with array members whose members and member sections go in data
! clauses (t%v(1:k), t%w), and a derived type with an allocatable member.
module particles_mod
  implicit none
  type particle
    real(8) :: x, v
    integer :: id
  end type
  type field
    integer :: n
    real(8) :: v(100)
    integer :: w(50)
  end type
  type holder
    integer, allocatable :: data(:)
  end type
end module particles_mod

program derived_types
  use particles_mod
  implicit none
  integer, parameter :: np = 500
  type(particle) :: ps(np)
  type(field) :: f
  type(holder) :: h
  integer :: i, k
  real(8) :: e

  do i = 1, np
    ps(i) = particle(real(i, 8), 0.5d0, i)
  end do
  !$acc parallel loop copy(ps)
  do i = 1, np
    ps(i)%x = ps(i)%x + 2.0d0 * ps(i)%v
    ps(i)%id = -ps(i)%id
  end do
  do i = 1, np
    if (ps(i)%x /= real(i, 8) + 1.0d0 .or. ps(i)%id /= -i) then
      print *, 'FAIL: particles', i
      stop 1
    end if
  end do

  f%n = 100
  f%v = 1.0d0
  f%w = 7
  k = 60
  e = 0.0d0
  !$acc data copy(f%v(1:k)) copyin(f%w)
  !$acc parallel loop reduction(+:e)
  do i = 1, k
    f%v(i) = f%v(i) + real(f%w(mod(i, 50) + 1) * i, 8)
    e = e + f%v(i)
  end do
  !$acc end data
  do i = 1, 100
    if (i <= k .and. f%v(i) /= 1.0d0 + 7.0d0 * i .or. i > k .and. f%v(i) /= 1.0d0) then
      print *, 'FAIL: member section', i
      stop 1
    end if
  end do
  if (e /= real(k, 8) + 7.0d0 * k * (k + 1) / 2) then
    print *, 'FAIL: e'
    stop 1
  end if

  allocate (h%data(200))
  h%data = 2
  !$acc parallel loop copy(h%data)
  do i = 1, 200
    h%data(i) = h%data(i) * i
  end do
  if (any(h%data /= [(2 * i, i = 1, 200)])) then
    print *, 'FAIL: allocatable member'
    stop 1
  end if
  print '(a,i0,1x,i0)', 'derived types: ', nint(e), sum(h%data)
  print '(a)', 'derived types: PASS'
end program derived_types
