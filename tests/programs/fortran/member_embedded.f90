! Clauses that map components of a derived-type variable's own storage (`copy(t%a(1:n))`,
! `copy(o%in%w)`) while the region also uses components no clause maps: each such component is
! copied on its own (`t%scale`, `t%n`; `o%in` when only a component of it is mapped), so the
! kernel never reads them at the device address of the mapped component's copy (the C program
! member_embedded.c has the same cases and the reasons).
program member_embedded
  implicit none
  type scaled
    real(8) :: scale
    real(8) :: a(1000)
    integer :: n
  end type
  type inner
    real(8) :: bias
    real(8) :: w(500)
  end type
  type outer
    integer :: id
    type(inner) :: in
  end type
  type(scaled) :: t
  type(outer) :: o
  integer :: i, bad

  t%n = 1000
  t%scale = 3d0
  do i = 1, 1000
    t%a(i) = i
  end do
  !$acc parallel loop copy(t%a(1:1000))
  do i = 1, t%n
    t%a(i) = t%a(i) * t%scale
  end do
  !$acc data copy(t%a)
  !$acc kernels
  do i = 1, t%n
    t%a(i) = t%a(i) + t%scale
  end do
  !$acc end kernels
  !$acc end data
  bad = 0
  do i = 1, 1000
    if (t%a(i) /= 3d0 * i + 3d0) bad = bad + 1
  end do
  print '(a,i0,a)', '1: ', bad, ' wrong'

  o%id = 7
  o%in%bias = 0.5d0
  do i = 1, 500
    o%in%w(i) = i
  end do
  !$acc parallel loop copy(o%in%w)
  do i = 1, 500
    o%in%w(i) = o%in%w(i) * o%id + o%in%bias
  end do
  bad = 0
  do i = 1, 500
    if (o%in%w(i) /= 7d0 * i + 0.5d0) bad = bad + 1
  end do
  print '(a,i0,a)', '2: ', bad, ' wrong'
  if (bad /= 0) stop 1
end program
