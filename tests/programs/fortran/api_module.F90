! api_module.F90: the OpenACC 3.3 Fortran API through `use openacc`: the kinds and constants,
! the device, async and data routines with their array forms (acc_copyin(a), acc_copyin(a, len)).
!
! Self-checking: a wrong answer prints FAIL on stderr and stops with status 1. What gfortran's
! own module (libgomp, host device only) answers alike is checked everywhere; libaccrt's exact
! present table and the routines gfortran lacks (malloc, memcpy, map, deviceptr, the _device
! forms, default async, wait_any, d2d) are checked when ACCRT_OPENACC is defined (accc defines it
! for preprocessed Fortran). The output is the same everywhere.
module checks
  implicit none
contains
  subroutine check(ok, line)
    logical, intent(in) :: ok
    integer, intent(in) :: line
    if (.not. ok) then
      write (0, '(a,i0)') 'FAIL api_module.F90:', line
      stop 1
    end if
  end subroutine
end module checks

program api_module
  use openacc
  use checks
  use iso_c_binding
  implicit none
  integer, parameter :: n = 1000
  real(8), allocatable :: a(:), b(:, :)
  integer(4) :: k(10)
  real(8) :: s
  integer(acc_device_kind) :: initial
  character(len=64) :: name
  integer :: i
#ifdef ACCRT_OPENACC
  type(c_ptr) :: d, e
  integer(c_int) :: queues(3)
  integer(c_size_t) :: bytes
  real(8), target :: host(n), back(n)
#ifdef ACCRT_OPENACC
  real(8), pointer :: fp(:)
#endif
#endif

  allocate (a(n), b(20, 30))
  a = [(real(i, 8), i = 1, n)]
  b = 1

  ! Kinds and constants.
  call check(acc_async_noval == -1 .and. acc_async_sync == -2, __LINE__)
  call check(kind(acc_device_host) == acc_device_kind, __LINE__)
  call check(openacc_version >= 201306, __LINE__)
  print '(a)', 'kinds and constants: ok'

  ! Devices.
  initial = acc_get_device_type()
  call check(acc_get_num_devices(acc_device_host) == 1, __LINE__)
  call acc_set_device_type(acc_device_host)
  call check(acc_get_device_type() == acc_device_host, __LINE__)
  call acc_set_device_num(0, acc_device_host)
  call check(acc_get_device_num(acc_device_host) == 0, __LINE__)
  call check(acc_on_device(acc_device_host), __LINE__)
  call check(.not. acc_on_device(acc_device_not_host), __LINE__)
  call acc_get_property_string(0, acc_device_host, acc_property_name, name)
  call check(len_trim(name) > 0, __LINE__)
#ifdef ACCRT_OPENACC
  ! The initial device: host, multicore, or a GPU when libaccrt counts one of its type
  ! (tests/run.sh runs this under host, multicore and, with a GPU or the mock CUDA driver or HIP
  ! runtime, nvidia or radeon).
  call check(initial == acc_device_host .or. initial == acc_device_multicore .or. &
             initial == acc_device_nvidia .and. acc_get_num_devices(acc_device_nvidia) > 0 .or. &
             initial == acc_device_radeon .and. acc_get_num_devices(acc_device_radeon) > 0, __LINE__)
  call check(acc_get_num_devices(acc_device_multicore) == 1, __LINE__)
  call check(acc_get_num_devices(acc_device_nvidia) >= 0, __LINE__)
  call check(acc_get_property(0, acc_device_host, acc_property_memory) > 0, __LINE__)
  call check(acc_get_property(0, acc_device_host, acc_property_shared_memory_support) == 1, __LINE__)
  call check(name(1:4) == 'host', __LINE__)
  call acc_get_property_string(0, acc_device_nvidia, acc_property_name, name)
  call check((name == ' ') .eqv. (acc_get_num_devices(acc_device_nvidia) == 0), __LINE__)
  call acc_init(acc_device_multicore)
  call check(acc_get_device_type() == acc_device_multicore, __LINE__)
  call acc_init_device(0, acc_device_host)
  call acc_shutdown_device(0, acc_device_multicore)
  call acc_shutdown(acc_device_host)
  call acc_init(acc_device_host)
#endif
  call acc_set_device_type(initial)
  print '(a)', 'device routines: ok'

  ! Data: whole arrays, sections with a byte count, async and finalize forms.
  call acc_copyin(a)
  call check(acc_is_present(a), __LINE__)
  call check(acc_is_present(a, 8 * n), __LINE__)
  call acc_copyin(a)
  call acc_copyout(a)
  call check(acc_is_present(a), __LINE__)
  call acc_copyout(a)
  call acc_create(b)
  call check(acc_is_present(b(:, 3)), __LINE__)
  call acc_delete(b)
  call acc_copyin(k, 40)
  call check(acc_is_present(k, 40), __LINE__)
  call acc_copyin(k, 40_8)
  call acc_delete_finalize(k, 40)
  call acc_pcopyin(a)
  call acc_present_or_copyin(a)
  call acc_pcreate(b)
  call acc_present_or_create(b)
  call acc_update_device(a)
  call acc_update_self(a(1:10))
  call acc_update_self(a, 80)
  call acc_update_device_async(a, 1)
  call acc_update_self_async(a, 80, 1)
  call acc_wait(1)
  call check(acc_async_test(1), __LINE__)
  call acc_copyout_finalize(a)
  call acc_delete_finalize(b)
  call acc_copyin_async(a, 2)
  call acc_create_async(b, 2)
  call acc_wait_async(2, 3)
  call acc_copyout_async(a, 3)
  call acc_delete_async(b, 3)
  call acc_wait_all()
  call check(acc_async_test_all(), __LINE__)
  call acc_copyin_async(a, 8 * n, 4)
  call acc_create_async(b, 4800, 4)
#ifdef ACCRT_OPENACC
  call acc_copyout_finalize_async(a, 4)
  call acc_delete_finalize_async(b, 4800_8, 4)
#else
  call acc_copyout_async(a, 4)   ! libgomp has no Fortran _finalize_async forms
  call acc_delete_async(b, 4800_8, 4)
#endif
  call acc_wait_all_async(5)
  call acc_async_wait(5)
  call acc_async_wait_all()
  s = sum(a)
  call check(s == real(n, 8) * (n + 1) / 2, __LINE__)
#ifdef ACCRT_OPENACC
  call check(.not. acc_is_present(a), __LINE__)
  call check(.not. acc_is_present(b), __LINE__)
  call check(.not. acc_is_present(k, 40), __LINE__)
  call acc_copyin(b(:, 2:3))
  call check(acc_is_present(b(:, 2:3)), __LINE__)
  call check(.not. acc_is_present(b(:, 1:3)), __LINE__)
  call acc_delete(b(:, 2:3))
  call check(.not. acc_is_present(b), __LINE__)
  call acc_copyin(a(11:20))
  call check(acc_is_present(a(11), 80), __LINE__)
  call check(.not. acc_is_present(a(10), 80), __LINE__)
  call acc_delete(a(11), 80)
  call check(.not. acc_is_present(a), __LINE__)
#endif
  print '(a)', 'data routines: ok'

#ifdef ACCRT_OPENACC
  ! Device memory, copies, mappings, queries: C pointers.
  bytes = 8 * n
  host = [(real(i, 8), i = 1, n)]
  d = acc_malloc(bytes)
  e = acc_malloc(bytes)
  call check(c_associated(d) .and. c_associated(e), __LINE__)
  call acc_memcpy_to_device(d, host, bytes)
  call acc_memcpy_device(e, d, bytes)
  back = 0
  call acc_memcpy_from_device(back, e, bytes)
  call check(all(back == host), __LINE__)
  host = -host
  call acc_memcpy_to_device_async(d, host, bytes, 6)
  call acc_memcpy_device_async(e, d, bytes, 6)
  call acc_memcpy_from_device_async(back, e, bytes, 6)
  call acc_wait_device(6, 0)
  call check(acc_async_test_device(6, 0), __LINE__)
  call check(all(back == host), __LINE__)
  call acc_map_data(host, d, bytes)
  call check(acc_is_present(host), __LINE__)
  call check(c_associated(acc_deviceptr(host), d), __LINE__)
  call check(c_associated(acc_hostptr(d), c_loc(host)), __LINE__)
  call acc_unmap_data(host)
  call check(.not. acc_is_present(host), __LINE__)
  call acc_copyin(host)
  call acc_create(back)
  call acc_memcpy_d2d(back, host, bytes, 0, 0)
  call acc_memcpy_d2d_async(back, host, bytes, 0, 0, 7)
  call acc_wait_device_async(7, 8, 0)
  call acc_wait_all_device_async(8, 0)
  call acc_wait_all_device(0)
  call check(acc_async_test_all_device(0), __LINE__)
  call acc_delete(host)
  call acc_copyout(back)
  call check(all(back == host), __LINE__)
  call acc_free(d)
  call acc_free(e)
  ! Async queue routines that gfortran's module lacks.
  call check(acc_get_default_async() == acc_async_noval, __LINE__)
  call acc_set_default_async(9)
  call check(acc_get_default_async() == 9, __LINE__)
  call acc_set_default_async(acc_async_default)
  queues = [acc_async_sync, 1, 2]
  call check(acc_wait_any(3, queues) >= 1, __LINE__)
  call check(acc_wait_any_device(1, queues, 0) == -1, __LINE__)
  call acc_wait_all_device(0)
  ! Pointer attachment of a C pointer.
  d = c_loc(host)
  call acc_attach(d)
  call acc_attach_async(d, 1)
  call acc_detach_async(d, 1)
  call acc_detach(d)
  call acc_detach_finalize(d)
  call acc_detach_finalize_async(d, 1)
  call acc_wait(1)
  ! Fortran pointers and allocatables (spec's type(*), dimension(..) argument): the pointer is
  ! in host memory, which host and multicore share, so no action, and no error. (A device with
  ! separate memory needs the pointer's descriptor, which these routines cannot reach: libaccrt
  ! stops there and asks for the attach clause, so the calls are made on shared memory only.)
  fp => host
  call acc_copyin(host)
  if (acc_get_property(0, acc_get_device_type(), acc_property_shared_memory_support) /= 0) then
    call acc_attach(fp)
    call acc_attach_async(fp, async_arg=3)
    call acc_detach_async(ptr_addr=fp, async_arg=3)
    call acc_detach_finalize(fp)
    call acc_attach(a)
    call acc_detach(a)
  end if
  call acc_wait(3)
  call check(acc_is_present(host), __LINE__)
  call acc_delete(host)
  ! The len forms name their queue argument async_arg, as the spec does.
  call acc_copyin_async(host, 8 * n, async_arg=5)
  call acc_wait(5)
  call check(acc_is_present(host), __LINE__)
  call acc_delete_async(host, 8 * n, async_arg=5)
  call acc_wait(5)
  call check(.not. acc_is_present(host), __LINE__)
#endif
  print '(a)', 'memory and queue routines: ok'
end program api_module
