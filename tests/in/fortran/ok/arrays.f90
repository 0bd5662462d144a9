! Every array kind in data clauses: explicit shape with lower bounds, assumed size, assumed
! shape, allocatable and pointer; whole arrays and sections.
subroutine arrays(e, z, s, t, n, m)
  integer, parameter :: k = 3
  integer :: n, m
  real :: e(0:n, -2:m)
  real :: z(10, *)
  real :: s(:, :)
  real :: t(5:)
  real, allocatable :: al(:, :)
  real, pointer :: p(:)
  real, target :: tg(k * 4)
  double precision, dimension(-k:k) :: sym
  allocate(al(n, m))
  p => tg
  !$acc data copy(e) copyin(z(1:10, 2:m)) copyout(s) create(t) present_or_create(al) &
  !$acc   copy(p) copyin(tg(2:), sym(-1:1))
  !$acc parallel loop copy(e(1:n, 0), al(2:n - 1, :)) present(s(:, 1), t(6:7))
  do i = 1, n
    e(i, 0) = s(i, 1) + t(6) + al(1, 1) + z(1, 1) + p(1) + sym(0)
  end do
  !$acc end data
end subroutine arrays
