! openacc_lib.h: the OpenACC 3.3 Fortran API of accc's runtime,
! libaccrt, as an include file (include 'openacc_lib.h'). module
! openacc includes this file, so both declare the same names.
! Valid as fixed-form and as free-form source.
!
! acc_device_t numbering (as in openacc.h): none 0, default 1,
! host 2, not_host 3, nvidia 4, radeon 5, multicore 6.
!
      integer, parameter :: acc_device_kind = 4
      integer, parameter :: acc_device_property_kind = 4
      integer, parameter :: acc_handle_kind = 4
      integer, parameter :: openacc_version = 202211
      integer(acc_device_kind), parameter :: acc_device_none = 0
      integer(acc_device_kind), parameter :: acc_device_default = 1
      integer(acc_device_kind), parameter :: acc_device_host = 2
      integer(acc_device_kind), parameter :: acc_device_not_host = 3
      integer(acc_device_kind), parameter :: acc_device_nvidia = 4
      integer(acc_device_kind), parameter :: acc_device_radeon = 5
      integer(acc_device_kind), parameter :: acc_device_multicore = 6
      integer(acc_device_property_kind), parameter ::                   &
     &acc_property_memory = 1
      integer(acc_device_property_kind), parameter ::                   &
     &acc_property_free_memory = 2
      integer(acc_device_property_kind), parameter ::                   &
     &acc_property_shared_memory_support = 3
      integer(acc_device_property_kind), parameter ::                   &
     &acc_property_name = 65537
      integer(acc_device_property_kind), parameter ::                   &
     &acc_property_vendor = 65538
      integer(acc_device_property_kind), parameter ::                   &
     &acc_property_driver = 65539
      integer(acc_handle_kind), parameter :: acc_async_noval = -1
      integer(acc_handle_kind), parameter :: acc_async_sync = -2
      integer(acc_handle_kind), parameter :: acc_async_default = -3
!
! Routines bound directly to the C entry points.
      interface
        function acc_get_num_devices(dev_type) bind(c,                  &
     &name='acc_get_num_devices')
          use iso_c_binding
          integer(c_int), value :: dev_type
          integer(c_int) :: acc_get_num_devices
        end function
        subroutine acc_set_device_type(dev_type) bind(c,                &
     &name='acc_set_device_type')
          use iso_c_binding
          integer(c_int), value :: dev_type
        end subroutine
        function acc_get_device_type() bind(c,                          &
     &name='acc_get_device_type')
          use iso_c_binding
          integer(c_int) :: acc_get_device_type
        end function
        subroutine acc_set_device_num(dev_num, dev_type) bind(c,        &
     &name='acc_set_device_num')
          use iso_c_binding
          integer(c_int), value :: dev_num, dev_type
        end subroutine
        function acc_get_device_num(dev_type) bind(c,                   &
     &name='acc_get_device_num')
          use iso_c_binding
          integer(c_int), value :: dev_type
          integer(c_int) :: acc_get_device_num
        end function
        function acc_get_property(dev_num, dev_type, property) bind(c,  &
     &name='acc_get_property')
          use iso_c_binding
          integer(c_int), value :: dev_num, dev_type
          integer(c_int), value :: property
          integer(c_size_t) :: acc_get_property
        end function
        subroutine acc_init(dev_type) bind(c, name='acc_init')
          use iso_c_binding
          integer(c_int), value :: dev_type
        end subroutine
        subroutine acc_init_device(dev_num, dev_type) bind(c,           &
     &name='acc_init_device')
          use iso_c_binding
          integer(c_int), value :: dev_num, dev_type
        end subroutine
        subroutine acc_shutdown(dev_type) bind(c, name='acc_shutdown')
          use iso_c_binding
          integer(c_int), value :: dev_type
        end subroutine
        subroutine acc_shutdown_device(dev_num, dev_type) bind(c,       &
     &name='acc_shutdown_device')
          use iso_c_binding
          integer(c_int), value :: dev_num, dev_type
        end subroutine
        subroutine acc_wait(wait_arg) bind(c, name='acc_wait')
          use iso_c_binding
          integer(c_int), value :: wait_arg
        end subroutine
        subroutine acc_wait_device(wait_arg, dev_num) bind(c,           &
     &name='acc_wait_device')
          use iso_c_binding
          integer(c_int), value :: wait_arg, dev_num
        end subroutine
        subroutine acc_wait_async(wait_arg, async_arg) bind(c,          &
     &name='acc_wait_async')
          use iso_c_binding
          integer(c_int), value :: wait_arg, async_arg
        end subroutine
        subroutine acc_wait_device_async(wait_arg, async_arg, dev_num)  &
     &bind(c, name='acc_wait_device_async')
          use iso_c_binding
          integer(c_int), value :: wait_arg, async_arg
          integer(c_int), value :: dev_num
        end subroutine
        subroutine acc_wait_all() bind(c, name='acc_wait_all')
          use iso_c_binding
        end subroutine
        subroutine acc_wait_all_device(dev_num) bind(c,                 &
     &name='acc_wait_all_device')
          use iso_c_binding
          integer(c_int), value :: dev_num
        end subroutine
        subroutine acc_wait_all_async(async_arg) bind(c,                &
     &name='acc_wait_all_async')
          use iso_c_binding
          integer(c_int), value :: async_arg
        end subroutine
        subroutine acc_wait_all_device_async(async_arg, dev_num)        &
     &bind(c, name='acc_wait_all_device_async')
          use iso_c_binding
          integer(c_int), value :: async_arg, dev_num
        end subroutine
        function acc_wait_any(count, wait_arg) bind(c,                  &
     &name='acc_wait_any')
          use iso_c_binding
          integer(c_int), value :: count
          integer(c_int) :: wait_arg(*)
          integer(c_int) :: acc_wait_any
        end function
        function acc_wait_any_device(count, wait_arg, dev_num) bind(c,  &
     &name='acc_wait_any_device')
          use iso_c_binding
          integer(c_int), value :: count, dev_num
          integer(c_int) :: wait_arg(*)
          integer(c_int) :: acc_wait_any_device
        end function
        subroutine acc_async_wait(wait_arg) bind(c,                     &
     &name='acc_async_wait')
          use iso_c_binding
          integer(c_int), value :: wait_arg
        end subroutine
        subroutine acc_async_wait_all() bind(c,                         &
     &name='acc_async_wait_all')
          use iso_c_binding
        end subroutine
        function acc_get_default_async() bind(c,                        &
     &name='acc_get_default_async')
          use iso_c_binding
          integer(c_int) :: acc_get_default_async
        end function
        subroutine acc_set_default_async(async_arg) bind(c,             &
     &name='acc_set_default_async')
          use iso_c_binding
          integer(c_int), value :: async_arg
        end subroutine
        function acc_malloc(bytes) bind(c, name='acc_malloc')
          use iso_c_binding
          integer(c_size_t), value :: bytes
          type(c_ptr) :: acc_malloc
        end function
        subroutine acc_free(data_dev) bind(c, name='acc_free')
          use iso_c_binding
          type(c_ptr), value :: data_dev
        end subroutine
        subroutine acc_map_data(data_arg, data_dev, bytes) bind(c,      &
     &name='acc_map_data')
          use iso_c_binding
          type(*), dimension(*), target :: data_arg
          type(c_ptr), value :: data_dev
          integer(c_size_t), value :: bytes
        end subroutine
        subroutine acc_unmap_data(data_arg) bind(c,                     &
     &name='acc_unmap_data')
          use iso_c_binding
          type(*), dimension(*), target :: data_arg
        end subroutine
        function acc_deviceptr(data_arg) bind(c, name='acc_deviceptr')
          use iso_c_binding
          type(*), dimension(*), target :: data_arg
          type(c_ptr) :: acc_deviceptr
        end function
        function acc_hostptr(data_dev) bind(c, name='acc_hostptr')
          use iso_c_binding
          type(c_ptr), value :: data_dev
          type(c_ptr) :: acc_hostptr
        end function
        subroutine acc_memcpy_to_device(data_dev_dest, data_host_src,   &
     &bytes) bind(c, name='acc_memcpy_to_device')
          use iso_c_binding
          type(c_ptr), value :: data_dev_dest
          type(*), dimension(*), target :: data_host_src
          integer(c_size_t), value :: bytes
        end subroutine
        subroutine acc_memcpy_to_device_async(data_dev_dest,            &
     &data_host_src, bytes, async_arg) bind(c,                          &
     &name='acc_memcpy_to_device_async')
          use iso_c_binding
          type(c_ptr), value :: data_dev_dest
          type(*), dimension(*), target :: data_host_src
          integer(c_size_t), value :: bytes
          integer(c_int), value :: async_arg
        end subroutine
        subroutine acc_memcpy_from_device(data_host_dest,               &
     &data_dev_src, bytes) bind(c, name='acc_memcpy_from_device')
          use iso_c_binding
          type(*), dimension(*), target :: data_host_dest
          type(c_ptr), value :: data_dev_src
          integer(c_size_t), value :: bytes
        end subroutine
        subroutine acc_memcpy_from_device_async(data_host_dest,         &
     &data_dev_src, bytes, async_arg) bind(c,                           &
     &name='acc_memcpy_from_device_async')
          use iso_c_binding
          type(*), dimension(*), target :: data_host_dest
          type(c_ptr), value :: data_dev_src
          integer(c_size_t), value :: bytes
          integer(c_int), value :: async_arg
        end subroutine
        subroutine acc_memcpy_device(data_dev_dest, data_dev_src,       &
     &bytes) bind(c, name='acc_memcpy_device')
          use iso_c_binding
          type(c_ptr), value :: data_dev_dest
          type(c_ptr), value :: data_dev_src
          integer(c_size_t), value :: bytes
        end subroutine
        subroutine acc_memcpy_device_async(data_dev_dest,               &
     &data_dev_src, bytes, async_arg) bind(c,                           &
     &name='acc_memcpy_device_async')
          use iso_c_binding
          type(c_ptr), value :: data_dev_dest
          type(c_ptr), value :: data_dev_src
          integer(c_size_t), value :: bytes
          integer(c_int), value :: async_arg
        end subroutine
        subroutine acc_memcpy_d2d(data_arg_dest, data_arg_src, bytes,   &
     &dev_num_dest, dev_num_src) bind(c, name='acc_memcpy_d2d')
          use iso_c_binding
          type(*), dimension(*), target :: data_arg_dest
          type(*), dimension(*), target :: data_arg_src
          integer(c_size_t), value :: bytes
          integer(c_int), value :: dev_num_dest, dev_num_src
        end subroutine
        subroutine acc_memcpy_d2d_async(data_arg_dest, data_arg_src,    &
     &bytes, dev_num_dest, dev_num_src, async_arg_src) bind(c,          &
     &name='acc_memcpy_d2d_async')
          use iso_c_binding
          type(*), dimension(*), target :: data_arg_dest
          type(*), dimension(*), target :: data_arg_src
          integer(c_size_t), value :: bytes
          integer(c_int), value :: dev_num_dest, dev_num_src
          integer(c_int), value :: async_arg_src
        end subroutine
        subroutine acc_attach(ptr_addr)
          type(*), dimension(..), target :: ptr_addr
        end subroutine
        subroutine acc_attach_async(ptr_addr, async_arg)
          type(*), dimension(..), target :: ptr_addr
          integer(4) :: async_arg
        end subroutine
        subroutine acc_detach(ptr_addr)
          type(*), dimension(..), target :: ptr_addr
        end subroutine
        subroutine acc_detach_async(ptr_addr, async_arg)
          type(*), dimension(..), target :: ptr_addr
          integer(4) :: async_arg
        end subroutine
        subroutine acc_detach_finalize(ptr_addr)
          type(*), dimension(..), target :: ptr_addr
        end subroutine
        subroutine acc_detach_finalize_async(ptr_addr, async_arg)
          type(*), dimension(..), target :: ptr_addr
          integer(4) :: async_arg
        end subroutine
      end interface
!
! Routines with Fortran forms (logical results, strings, arrays).
      interface
        function acc_async_test(wait_arg)
          integer(4) :: wait_arg
          logical :: acc_async_test
        end function
        function acc_async_test_device(wait_arg, dev_num)
          integer(4) :: wait_arg, dev_num
          logical :: acc_async_test_device
        end function
        function acc_async_test_all()
          logical :: acc_async_test_all
        end function
        function acc_async_test_all_device(dev_num)
          integer(4) :: dev_num
          logical :: acc_async_test_all_device
        end function
        function acc_on_device(dev_type)
          integer(4) :: dev_type
          logical :: acc_on_device
        end function
        subroutine acc_get_property_string(dev_num, dev_type,           &
     &property, string)
          integer(4) :: dev_num, dev_type, property
          character(len=*) :: string
        end subroutine
      end interface
!
! Data routines: acc_copyin(a) takes a whole contiguous array (or a
! scalar), acc_copyin(a, len) len bytes from the start of a (an
! array or an array element). The queue argument of the _async
! routines is named async_arg.
! NO_ARG_CHECK (gfortran) lets a of the len forms be a scalar, an
! array element or an array of any rank, as element sequence
! association would outside a generic call.
! BEGIN GENERATED by accc-abi: abi/src/fortran.rs
      interface acc_copyin
        subroutine acc_copyin_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_copyin_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_copyin_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_copyin_async
        subroutine acc_copyin_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_copyin_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_copyin_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_pcopyin
        subroutine acc_pcopyin_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_pcopyin_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_pcopyin_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_present_or_copyin
        subroutine acc_present_or_copyin_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_present_or_copyin_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_present_or_copyin_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_create
        subroutine acc_create_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_create_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_create_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_create_async
        subroutine acc_create_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_create_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_create_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_pcreate
        subroutine acc_pcreate_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_pcreate_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_pcreate_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_present_or_create
        subroutine acc_present_or_create_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_present_or_create_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_present_or_create_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_copyout
        subroutine acc_copyout_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_copyout_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_copyout_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_copyout_async
        subroutine acc_copyout_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_copyout_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_copyout_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_copyout_finalize
        subroutine acc_copyout_finalize_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_copyout_finalize_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_copyout_finalize_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_copyout_finalize_async
        subroutine acc_copyout_finalize_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_copyout_finalize_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_copyout_finalize_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_delete
        subroutine acc_delete_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_delete_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_delete_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_delete_async
        subroutine acc_delete_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_delete_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_delete_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_delete_finalize
        subroutine acc_delete_finalize_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_delete_finalize_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_delete_finalize_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_delete_finalize_async
        subroutine acc_delete_finalize_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_delete_finalize_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_delete_finalize_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_update_device
        subroutine acc_update_device_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_update_device_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_update_device_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_update_device_async
        subroutine acc_update_device_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_update_device_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_update_device_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_update_self
        subroutine acc_update_self_a(a)
          type(*), dimension(..), target :: a
        end subroutine
        subroutine acc_update_self_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
        end subroutine
        subroutine acc_update_self_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
        end subroutine
      end interface
      interface acc_update_self_async
        subroutine acc_update_self_async_a(a, async_arg)
          type(*), dimension(..), target :: a
          integer(4) :: async_arg
        end subroutine
        subroutine acc_update_self_async_l(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          integer(4) :: async_arg
        end subroutine
        subroutine acc_update_self_async_l8(a, len, async_arg)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          integer(4) :: async_arg
        end subroutine
      end interface
      interface acc_is_present
        function acc_is_present_a(a)
          type(*), dimension(..), target :: a
          logical :: acc_is_present_a
        end function
        function acc_is_present_l(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(4) :: len
          logical :: acc_is_present_l
        end function
        function acc_is_present_l8(a, len)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: a
          type(*), dimension(*), target :: a
          integer(8) :: len
          logical :: acc_is_present_l8
        end function
      end interface
! END GENERATED
