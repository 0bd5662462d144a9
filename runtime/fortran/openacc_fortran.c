/* openacc_fortran.c: the C part of libaccrt's Fortran support (openacc.f90).
 *  - accrt_f_section reads a Fortran 2018 C descriptor (ISO_Fortran_binding.h, as the gcc that
 *    goes with gfortran lays it out): the address and byte count of an array passed as
 *    `type(*), dimension(..)`.
 *  - accrt_f_<routine> forward to the C routines that have a Fortran routine of the same name
 *    (Fortran forbids a procedure and a binding label with one name in one file).
 * Compiled by runtime/build.rs. */
#include <ISO_Fortran_binding.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

/* The address and size of `a`; a non-contiguous array stops the program (the OpenACC data
 * routines need one contiguous block). `routine` is a NUL-terminated routine name. */
void *accrt_f_section(CFI_cdesc_t *a, size_t *bytes, const char *routine) {
  size_t count = 1;
  for (int d = 0; d < a->rank; d++)
    count *= a->dim[d].extent > 0 ? (size_t)a->dim[d].extent : 0;
  if (a->rank > 0 && count > 0 && !CFI_is_contiguous(a)) {
    fprintf(stderr, "accrt: error: the array is not contiguous (in call to %s)\n", routine);
    exit(1);
  }
  *bytes = count * a->elem_len;
  return a->base_addr;
}

/* The address of the first element of an assumed-size array. */
void *accrt_f_address(void *a) { return a; }

int accrt_f_async_test(int wait_arg) { return acc_async_test(wait_arg); }
int accrt_f_async_test_device(int wait_arg, int dev_num) {
  return acc_async_test_device(wait_arg, dev_num);
}
int accrt_f_async_test_all(void) { return acc_async_test_all(); }
int accrt_f_async_test_all_device(int dev_num) { return acc_async_test_all_device(dev_num); }
int accrt_f_on_device(int dev_type) { return acc_on_device((acc_device_t)dev_type); }
const char *accrt_f_get_property_string(int dev_num, int dev_type, int property) {
  return acc_get_property_string(dev_num, (acc_device_t)dev_type, (acc_device_property_t)property);
}

/* The acc_attach family for Fortran (3.3 section 3.2.29: `type(*), dimension(..) :: ptr_addr`).
 * A scalar `type(c_ptr)` is a C pointer: its address is the C routines' ptr_addr. Any other
 * argument is a Fortran pointer or allocatable; the descriptor gfortran passes describes its
 * target, and the pointer's own descriptor is out of reach. That descriptor is in host memory,
 * which the host and multicore devices share, and for a pointer in shared memory the spec asks
 * for no action; on a device with separate memory the attach clause (which reaches the
 * descriptor) is the way, and the routine stops the program saying so. `which`: 0 attach,
 * 1 detach, 2 detach finalize; `async` is acc_async_sync for the synchronous forms. */
extern int __accrt_shares_host_memory(void);
void accrt_f_pointer_action(CFI_cdesc_t *ptr_addr, int which, int async) {
  static const char *const names[] = {"acc_attach", "acc_detach", "acc_detach_finalize"};
  if (which < 0 || which > 2)
    return;
  if (ptr_addr->rank == 0 && ptr_addr->type == CFI_type_cptr) {
    void **location = (void **)ptr_addr->base_addr;
    switch (which) {
    case 0: acc_attach_async(location, async); break;
    case 1: acc_detach_async(location, async); break;
    default: acc_detach_finalize_async(location, async); break;
    }
    return;
  }
  if (__accrt_shares_host_memory())
    return;
  fprintf(stderr,
          "accrt: error: %s of a Fortran pointer or allocatable needs its descriptor, which "
          "this routine cannot reach on a device with separate memory; use the attach or "
          "detach clause of a data directive\n",
          names[which]);
  exit(1);
}
