! Atomics, cache, host_data, wait, init/shutdown/set, routine with bind, reductions of every
! Fortran operator.
subroutine misc(a, n, x, y, mask, bits)
  integer :: n, i, bits, v
  real :: a(n), x, y, old
  logical :: mask, any_true, all_eq
  integer :: band, bor, bxor
  real :: big, small
  external :: ext_kernel
  !$acc routine(ext_kernel) gang bind("ext_kernel_device")
  !$acc init device_type(host)
  !$acc set device_num(0) default_async(1)
  !$acc parallel loop reduction(max:big) reduction(min:small) reduction(*:x) &
  !$acc reduction(.or.:any_true) reduction(.eqv.:all_eq) reduction(.neqv.:mask) &
  !$acc reduction(iand:band) reduction(ior:bor) reduction(ieor:bxor)
  do i = 1, n
    big = max(big, a(i))
    small = min(small, a(i))
    x = x * a(i)
    any_true = any_true .or. a(i) > 0
    all_eq = all_eq .eqv. mask
    mask = mask .neqv. .true.
    band = iand(band, i)
    bor = ior(bor, i)
    bxor = ieor(bxor, i)
  end do
  !$acc parallel copy(a, x, y, v)
  !$acc loop
  do i = 1, n
    !$acc cache(a(i:i + 1))
    !$acc atomic update
    x = x + a(i)
    !$acc atomic read
    y = x
    !$acc atomic write
    a(i) = 2 * y
    !$acc atomic
    v = max(v, i)
    !$acc atomic capture
    old = x
    x = x + 1
    !$acc end atomic
    !$acc atomic update
    y = y * 2
    !$acc end atomic
  end do
  !$acc end parallel
  !$acc host_data use_device(a) if_present
  call ext_kernel(a)
  !$acc end host_data
  !$acc wait(1) async(2)
  !$acc wait
  !$acc shutdown
end subroutine misc
