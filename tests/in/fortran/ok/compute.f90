! Compute constructs with every clause, free form, both continuation styles.
subroutine compute(a, b, n, q)
  implicit none
  integer, intent(in) :: n, q
  real(8), intent(inout) :: a(n), b(n)
  real(8) :: s
  integer :: i
  logical :: flag
  s = 0
  flag = .true.
  !$acc parallel num_gangs(4) num_workers(2) vector_length(128) async(q) wait(1, 2) &
  !$acc& if(n > 10) self(.false.) copyin(a) copyout(b) private(i) firstprivate(q) &
  !$acc  default(present) reduction(+:s)
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$acc end parallel
  !$acc serial copy(s) ! a trailing comment
  s = s + 1
  !$acc end serial
  !$acc kernels create(b) present_or_copyin(a) device_type(nvidia) num_gangs(8) &
  !$acc device_type(*) num_gangs(2)
  b(1) = a(1)
  !$acc end kernels
  !$ACC PARALLEL NO_CREATE(A) DEFAULT(NONE) COPY(B, N) PRIVATE(I)
  do i = 1, n
    b(i) = a(i)
  end do
  !$ACC END PARALLEL
end subroutine compute
