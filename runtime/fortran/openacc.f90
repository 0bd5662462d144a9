! openacc.f90: `module openacc` of accc's runtime, libaccrt, and the Fortran routines behind it.
!
! The module is openacc_lib.h (constants, kinds and interfaces); routines whose C form cannot be
! called from Fortran directly (logical results, strings, arrays of any type and rank) are the
! external procedures below, which call the C entry points through `accrt_fortran_c`. runtime's
! build.rs compiles this file with gfortran and bundles the object into libaccrt.a; the byte
! count of an array argument comes from its C descriptor (openacc_fortran.c).
module openacc
  implicit none
  include 'openacc_lib.h'
end module openacc

! The C entry points the Fortran routines call (private to libaccrt).
module accrt_fortran_c
  use iso_c_binding
  implicit none
  interface
    ! Address and size in bytes of a (contiguous) array or scalar; stops the program with an
    ! error naming `routine` when the array is not contiguous.
    function accrt_f_section(a, bytes, routine) bind(c, name='accrt_f_section')
      import :: c_ptr, c_size_t, c_char
      type(*), dimension(..), target :: a
      integer(c_size_t) :: bytes
      character(kind=c_char) :: routine(*)
      type(c_ptr) :: accrt_f_section
    end function
    ! acc_attach (which 0), acc_detach (1), acc_detach_finalize (2) on `ptr_addr`.
    subroutine c_pointer_action(ptr_addr, which, async_arg) bind(c, name='accrt_f_pointer_action')
      import :: c_int
      type(*), dimension(..), target :: ptr_addr
      integer(c_int), value :: which, async_arg
    end subroutine
    ! The address of the first element of an assumed-size array.
    function accrt_f_address(a) bind(c, name='accrt_f_address')
      import :: c_ptr
      type(*), dimension(*), target :: a
      type(c_ptr) :: accrt_f_address
    end function
    function c_async_test(wait_arg) bind(c, name='accrt_f_async_test')
      import :: c_int
      integer(c_int), value :: wait_arg
      integer(c_int) :: c_async_test
    end function
    function c_async_test_device(wait_arg, dev_num) bind(c, name='accrt_f_async_test_device')
      import :: c_int
      integer(c_int), value :: wait_arg, dev_num
      integer(c_int) :: c_async_test_device
    end function
    function c_async_test_all() bind(c, name='accrt_f_async_test_all')
      import :: c_int
      integer(c_int) :: c_async_test_all
    end function
    function c_async_test_all_device(dev_num) bind(c, name='accrt_f_async_test_all_device')
      import :: c_int
      integer(c_int), value :: dev_num
      integer(c_int) :: c_async_test_all_device
    end function
    function c_on_device(dev_type) bind(c, name='accrt_f_on_device')
      import :: c_int
      integer(c_int), value :: dev_type
      integer(c_int) :: c_on_device
    end function
    function c_get_property_string(dev_num, dev_type, property) &
        bind(c, name='accrt_f_get_property_string')
      import :: c_int, c_ptr
      integer(c_int), value :: dev_num, dev_type, property
      type(c_ptr) :: c_get_property_string
    end function
    function c_strlen(s) bind(c, name='strlen')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: s
      integer(c_size_t) :: c_strlen
    end function
    function c_is_present(a, bytes) bind(c, name='acc_is_present')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int) :: c_is_present
    end function
    function c_copyin(a, bytes) bind(c, name='acc_copyin')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      type(c_ptr) :: c_copyin
    end function
    function c_pcopyin(a, bytes) bind(c, name='acc_pcopyin')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      type(c_ptr) :: c_pcopyin
    end function
    function c_present_or_copyin(a, bytes) bind(c, name='acc_present_or_copyin')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      type(c_ptr) :: c_present_or_copyin
    end function
    function c_create(a, bytes) bind(c, name='acc_create')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      type(c_ptr) :: c_create
    end function
    function c_pcreate(a, bytes) bind(c, name='acc_pcreate')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      type(c_ptr) :: c_pcreate
    end function
    function c_present_or_create(a, bytes) bind(c, name='acc_present_or_create')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      type(c_ptr) :: c_present_or_create
    end function
    subroutine c_copyout(a, bytes) bind(c, name='acc_copyout')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine c_copyout_finalize(a, bytes) bind(c, name='acc_copyout_finalize')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine c_delete(a, bytes) bind(c, name='acc_delete')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine c_delete_finalize(a, bytes) bind(c, name='acc_delete_finalize')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine c_update_device(a, bytes) bind(c, name='acc_update_device')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine c_update_self(a, bytes) bind(c, name='acc_update_self')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine c_copyin_async(a, bytes, async_arg) bind(c, name='acc_copyin_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_create_async(a, bytes, async_arg) bind(c, name='acc_create_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_copyout_async(a, bytes, async_arg) bind(c, name='acc_copyout_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_copyout_finalize_async(a, bytes, async_arg) bind(c, name='acc_copyout_finalize_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_delete_async(a, bytes, async_arg) bind(c, name='acc_delete_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_delete_finalize_async(a, bytes, async_arg) bind(c, name='acc_delete_finalize_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_update_device_async(a, bytes, async_arg) bind(c, name='acc_update_device_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
    subroutine c_update_self_async(a, bytes, async_arg) bind(c, name='acc_update_self_async')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: a
      integer(c_size_t), value :: bytes
      integer(c_int), value :: async_arg
    end subroutine
  end interface
end module accrt_fortran_c

logical function acc_async_test(wait_arg)
  use accrt_fortran_c
  implicit none
  integer(4) :: wait_arg
  acc_async_test = c_async_test(wait_arg) /= 0
end function acc_async_test

logical function acc_async_test_device(wait_arg, dev_num)
  use accrt_fortran_c
  implicit none
  integer(4) :: wait_arg, dev_num
  acc_async_test_device = c_async_test_device(wait_arg, dev_num) /= 0
end function acc_async_test_device

logical function acc_async_test_all()
  use accrt_fortran_c
  implicit none
  acc_async_test_all = c_async_test_all() /= 0
end function acc_async_test_all

logical function acc_async_test_all_device(dev_num)
  use accrt_fortran_c
  implicit none
  integer(4) :: dev_num
  acc_async_test_all_device = c_async_test_all_device(dev_num) /= 0
end function acc_async_test_all_device

logical function acc_on_device(dev_type)
  use accrt_fortran_c
  implicit none
  integer(4) :: dev_type
  acc_on_device = c_on_device(dev_type) /= 0
end function acc_on_device

! The property string, blank-padded or truncated to len(string); blank when there is none.
subroutine acc_get_property_string(dev_num, dev_type, property, string)
  use accrt_fortran_c
  implicit none
  integer(4) :: dev_num, dev_type, property
  character(len=*) :: string
  type(c_ptr) :: text
  character(kind=c_char), pointer :: chars(:)
  integer :: i, n
  string = ' '
  text = c_get_property_string(dev_num, dev_type, property)
  if (.not. c_associated(text)) return
  n = int(c_strlen(text))
  call c_f_pointer(text, chars, [n])
  do i = 1, min(n, len(string))
    string(i:i) = chars(i)
  end do
end subroutine acc_get_property_string

subroutine acc_copyin_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  type(c_ptr) :: device
  address = accrt_f_section(a, bytes, 'acc_copyin' // c_null_char)
  device = c_copyin(address, bytes)
end subroutine acc_copyin_a

subroutine acc_copyin_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  type(c_ptr) :: device
  device = c_copyin(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_copyin_l

subroutine acc_copyin_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  type(c_ptr) :: device
  device = c_copyin(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_copyin_l8

subroutine acc_copyin_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_copyin_async' // c_null_char)
  call c_copyin_async(address, bytes, async_arg)
end subroutine acc_copyin_async_a

subroutine acc_copyin_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_copyin_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_copyin_async_l

subroutine acc_copyin_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_copyin_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_copyin_async_l8

subroutine acc_pcopyin_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  type(c_ptr) :: device
  address = accrt_f_section(a, bytes, 'acc_pcopyin' // c_null_char)
  device = c_pcopyin(address, bytes)
end subroutine acc_pcopyin_a

subroutine acc_pcopyin_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  type(c_ptr) :: device
  device = c_pcopyin(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_pcopyin_l

subroutine acc_pcopyin_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  type(c_ptr) :: device
  device = c_pcopyin(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_pcopyin_l8

subroutine acc_present_or_copyin_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  type(c_ptr) :: device
  address = accrt_f_section(a, bytes, 'acc_present_or_copyin' // c_null_char)
  device = c_present_or_copyin(address, bytes)
end subroutine acc_present_or_copyin_a

subroutine acc_present_or_copyin_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  type(c_ptr) :: device
  device = c_present_or_copyin(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_present_or_copyin_l

subroutine acc_present_or_copyin_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  type(c_ptr) :: device
  device = c_present_or_copyin(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_present_or_copyin_l8

subroutine acc_create_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  type(c_ptr) :: device
  address = accrt_f_section(a, bytes, 'acc_create' // c_null_char)
  device = c_create(address, bytes)
end subroutine acc_create_a

subroutine acc_create_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  type(c_ptr) :: device
  device = c_create(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_create_l

subroutine acc_create_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  type(c_ptr) :: device
  device = c_create(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_create_l8

subroutine acc_create_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_create_async' // c_null_char)
  call c_create_async(address, bytes, async_arg)
end subroutine acc_create_async_a

subroutine acc_create_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_create_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_create_async_l

subroutine acc_create_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_create_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_create_async_l8

subroutine acc_pcreate_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  type(c_ptr) :: device
  address = accrt_f_section(a, bytes, 'acc_pcreate' // c_null_char)
  device = c_pcreate(address, bytes)
end subroutine acc_pcreate_a

subroutine acc_pcreate_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  type(c_ptr) :: device
  device = c_pcreate(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_pcreate_l

subroutine acc_pcreate_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  type(c_ptr) :: device
  device = c_pcreate(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_pcreate_l8

subroutine acc_present_or_create_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  type(c_ptr) :: device
  address = accrt_f_section(a, bytes, 'acc_present_or_create' // c_null_char)
  device = c_present_or_create(address, bytes)
end subroutine acc_present_or_create_a

subroutine acc_present_or_create_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  type(c_ptr) :: device
  device = c_present_or_create(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_present_or_create_l

subroutine acc_present_or_create_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  type(c_ptr) :: device
  device = c_present_or_create(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_present_or_create_l8

subroutine acc_copyout_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_copyout' // c_null_char)
  call c_copyout(address, bytes)
end subroutine acc_copyout_a

subroutine acc_copyout_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  call c_copyout(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_copyout_l

subroutine acc_copyout_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  call c_copyout(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_copyout_l8

subroutine acc_copyout_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_copyout_async' // c_null_char)
  call c_copyout_async(address, bytes, async_arg)
end subroutine acc_copyout_async_a

subroutine acc_copyout_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_copyout_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_copyout_async_l

subroutine acc_copyout_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_copyout_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_copyout_async_l8

subroutine acc_copyout_finalize_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_copyout_finalize' // c_null_char)
  call c_copyout_finalize(address, bytes)
end subroutine acc_copyout_finalize_a

subroutine acc_copyout_finalize_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  call c_copyout_finalize(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_copyout_finalize_l

subroutine acc_copyout_finalize_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  call c_copyout_finalize(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_copyout_finalize_l8

subroutine acc_copyout_finalize_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_copyout_finalize_async' // c_null_char)
  call c_copyout_finalize_async(address, bytes, async_arg)
end subroutine acc_copyout_finalize_async_a

subroutine acc_copyout_finalize_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_copyout_finalize_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_copyout_finalize_async_l

subroutine acc_copyout_finalize_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_copyout_finalize_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_copyout_finalize_async_l8

subroutine acc_delete_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_delete' // c_null_char)
  call c_delete(address, bytes)
end subroutine acc_delete_a

subroutine acc_delete_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  call c_delete(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_delete_l

subroutine acc_delete_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  call c_delete(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_delete_l8

subroutine acc_delete_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_delete_async' // c_null_char)
  call c_delete_async(address, bytes, async_arg)
end subroutine acc_delete_async_a

subroutine acc_delete_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_delete_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_delete_async_l

subroutine acc_delete_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_delete_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_delete_async_l8

subroutine acc_delete_finalize_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_delete_finalize' // c_null_char)
  call c_delete_finalize(address, bytes)
end subroutine acc_delete_finalize_a

subroutine acc_delete_finalize_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  call c_delete_finalize(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_delete_finalize_l

subroutine acc_delete_finalize_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  call c_delete_finalize(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_delete_finalize_l8

subroutine acc_delete_finalize_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_delete_finalize_async' // c_null_char)
  call c_delete_finalize_async(address, bytes, async_arg)
end subroutine acc_delete_finalize_async_a

subroutine acc_delete_finalize_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_delete_finalize_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_delete_finalize_async_l

subroutine acc_delete_finalize_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_delete_finalize_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_delete_finalize_async_l8

subroutine acc_update_device_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_update_device' // c_null_char)
  call c_update_device(address, bytes)
end subroutine acc_update_device_a

subroutine acc_update_device_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  call c_update_device(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_update_device_l

subroutine acc_update_device_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  call c_update_device(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_update_device_l8

subroutine acc_update_device_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_update_device_async' // c_null_char)
  call c_update_device_async(address, bytes, async_arg)
end subroutine acc_update_device_async_a

subroutine acc_update_device_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_update_device_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_update_device_async_l

subroutine acc_update_device_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_update_device_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_update_device_async_l8

subroutine acc_update_self_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_update_self' // c_null_char)
  call c_update_self(address, bytes)
end subroutine acc_update_self_a

subroutine acc_update_self_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  call c_update_self(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_update_self_l

subroutine acc_update_self_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  call c_update_self(accrt_f_address(a), int(len, c_size_t))
end subroutine acc_update_self_l8

subroutine acc_update_self_async_a(a, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  integer(4) :: async_arg
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_update_self_async' // c_null_char)
  call c_update_self_async(address, bytes, async_arg)
end subroutine acc_update_self_async_a

subroutine acc_update_self_async_l(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  integer(4) :: async_arg
  call c_update_self_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_update_self_async_l

subroutine acc_update_self_async_l8(a, len, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  integer(4) :: async_arg
  call c_update_self_async(accrt_f_address(a), int(len, c_size_t), async_arg)
end subroutine acc_update_self_async_l8

logical function acc_is_present_a(a)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: a
  type(c_ptr) :: address
  integer(c_size_t) :: bytes
  address = accrt_f_section(a, bytes, 'acc_is_present' // c_null_char)
  acc_is_present_a = c_is_present(address, bytes) /= 0
end function acc_is_present_a

logical function acc_is_present_l(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(4) :: len
  acc_is_present_l = c_is_present(accrt_f_address(a), int(len, c_size_t)) /= 0
end function acc_is_present_l

logical function acc_is_present_l8(a, len)
  use accrt_fortran_c
  implicit none
  type(*), dimension(*), target :: a
  integer(8) :: len
  acc_is_present_l8 = c_is_present(accrt_f_address(a), int(len, c_size_t)) /= 0
end function acc_is_present_l8


! The attach routines: `ptr_addr` is a `type(c_ptr)` variable or a Fortran pointer or
! allocatable (openacc_fortran.c says what each means).

subroutine acc_attach(ptr_addr)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: ptr_addr
  call c_pointer_action(ptr_addr, 0, -2)
end subroutine acc_attach

subroutine acc_attach_async(ptr_addr, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: ptr_addr
  integer(4) :: async_arg
  call c_pointer_action(ptr_addr, 0, async_arg)
end subroutine acc_attach_async

subroutine acc_detach(ptr_addr)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: ptr_addr
  call c_pointer_action(ptr_addr, 1, -2)
end subroutine acc_detach

subroutine acc_detach_async(ptr_addr, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: ptr_addr
  integer(4) :: async_arg
  call c_pointer_action(ptr_addr, 1, async_arg)
end subroutine acc_detach_async

subroutine acc_detach_finalize(ptr_addr)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: ptr_addr
  call c_pointer_action(ptr_addr, 2, -2)
end subroutine acc_detach_finalize

subroutine acc_detach_finalize_async(ptr_addr, async_arg)
  use accrt_fortran_c
  implicit none
  type(*), dimension(..), target :: ptr_addr
  integer(4) :: async_arg
  call c_pointer_action(ptr_addr, 2, async_arg)
end subroutine acc_detach_finalize_async
