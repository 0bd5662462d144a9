/* openacc.h: the OpenACC 3.3 runtime library API (chapter 3 of the specification), as
 * implemented by accc's runtime, libaccrt. Link with -laccrt -lpthread -ldl -lm.
 *
 * Implementation-defined choices (documented here, as the specification asks):
 *  - acc_device_t values are listed below; acc_device_multicore is this implementation's CPU
 *    thread-pool device type and the default when no GPU can be used.
 *  - acc_on_device: inside a kernel running on the multicore device, true for
 *    acc_device_multicore and acc_device_not_host, false for acc_device_host; everywhere else
 *    (host code, host fallback code of compute regions) true for acc_device_host only.
 *  - The device-selection ICVs and the default async queue are per host thread.
 *  - acc_get_property: memory and free memory in bytes; shared_memory_support is 1 on the host
 *    and multicore devices.
 */
#ifndef ACCC_OPENACC_H
#define ACCC_OPENACC_H

/* Defined by libaccrt's openacc.h (and by no other implementation's), so that a program can
 * tell which runtime it was compiled against. */
#define ACCRT_OPENACC 1

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The specification writes host pointers as h_void and device pointers as d_void. */
typedef void h_void;
typedef void d_void;

typedef enum acc_device_t {
  acc_device_none = 0,      /* no device */
  acc_device_default = 1,   /* the device type chosen by ACC_DEVICE_TYPE (default: multicore) */
  acc_device_host = 2,      /* the host: compute regions run their host fallback serially */
  acc_device_not_host = 3,  /* any device other than the host (here: multicore) */
  acc_device_nvidia = 4,    /* NVIDIA GPUs (the CUDA driver, loaded at run time) */
  acc_device_radeon = 5,    /* AMD GPUs (the HIP runtime, loaded at run time) */
  acc_device_multicore = 6  /* every core of the host CPU, as a thread pool */
} acc_device_t;

typedef enum acc_device_property_t {
  acc_property_memory = 1,                /* size_t: total device memory in bytes */
  acc_property_free_memory = 2,           /* size_t: free device memory in bytes */
  acc_property_shared_memory_support = 3, /* size_t: 1 if the device shares host memory */
  acc_property_name = 0x10001,            /* string */
  acc_property_vendor = 0x10002,          /* string */
  acc_property_driver = 0x10003           /* string */
} acc_device_property_t;

enum {
  acc_async_noval = -1,   /* the default async queue */
  acc_async_sync = -2,    /* synchronous: no queue */
  acc_async_default = -3  /* the queue acc_set_default_async selected */
};

/* 3.2.1 - 3.2.8: devices */
int acc_get_num_devices(acc_device_t dev_type);
void acc_set_device_type(acc_device_t dev_type);
acc_device_t acc_get_device_type(void);
void acc_set_device_num(int dev_num, acc_device_t dev_type);
int acc_get_device_num(acc_device_t dev_type);
size_t acc_get_property(int dev_num, acc_device_t dev_type, acc_device_property_t property);
const char *acc_get_property_string(int dev_num, acc_device_t dev_type,
                                    acc_device_property_t property);
void acc_init(acc_device_t dev_type);
void acc_init_device(int dev_num, acc_device_t dev_type);
void acc_shutdown(acc_device_t dev_type);
void acc_shutdown_device(int dev_num, acc_device_t dev_type);

/* 3.2.9 - 3.2.14: async queues */
int acc_async_test(int wait_arg);
int acc_async_test_device(int wait_arg, int dev_num);
int acc_async_test_all(void);
int acc_async_test_all_device(int dev_num);
void acc_wait(int wait_arg);
void acc_wait_device(int wait_arg, int dev_num);
void acc_wait_async(int wait_arg, int async_arg);
void acc_wait_device_async(int wait_arg, int async_arg, int dev_num);
void acc_wait_all(void);
void acc_wait_all_device(int dev_num);
void acc_wait_all_async(int async_arg);
void acc_wait_all_device_async(int async_arg, int dev_num);
int acc_wait_any(int count, int wait_arg[]);
int acc_wait_any_device(int count, int wait_arg[], int dev_num);
int acc_get_default_async(void);
void acc_set_default_async(int async_arg);

/* 3.2.17 */
int acc_on_device(acc_device_t dev_type);

/* 3.2.18 - 3.2.19: device memory */
d_void *acc_malloc(size_t bytes);
void acc_free(d_void *data_dev);

/* 3.2.20 - 3.2.25: data */
d_void *acc_copyin(h_void *data_arg, size_t bytes);
void acc_copyin_async(h_void *data_arg, size_t bytes, int async_arg);
d_void *acc_create(h_void *data_arg, size_t bytes);
void acc_create_async(h_void *data_arg, size_t bytes, int async_arg);
void acc_copyout(h_void *data_arg, size_t bytes);
void acc_copyout_async(h_void *data_arg, size_t bytes, int async_arg);
void acc_copyout_finalize(h_void *data_arg, size_t bytes);
void acc_copyout_finalize_async(h_void *data_arg, size_t bytes, int async_arg);
void acc_delete(h_void *data_arg, size_t bytes);
void acc_delete_async(h_void *data_arg, size_t bytes, int async_arg);
void acc_delete_finalize(h_void *data_arg, size_t bytes);
void acc_delete_finalize_async(h_void *data_arg, size_t bytes, int async_arg);
void acc_update_device(h_void *data_arg, size_t bytes);
void acc_update_device_async(h_void *data_arg, size_t bytes, int async_arg);
void acc_update_self(h_void *data_arg, size_t bytes);
void acc_update_self_async(h_void *data_arg, size_t bytes, int async_arg);

/* OpenACC 1.0 / 2.x names kept for old programs */
d_void *acc_pcopyin(h_void *data_arg, size_t bytes);
d_void *acc_present_or_copyin(h_void *data_arg, size_t bytes);
d_void *acc_pcreate(h_void *data_arg, size_t bytes);
d_void *acc_present_or_create(h_void *data_arg, size_t bytes);
void acc_async_wait(int wait_arg);
void acc_async_wait_all(void);

/* 3.2.26 - 3.2.30: mappings and queries */
void acc_map_data(h_void *data_arg, d_void *data_dev, size_t bytes);
void acc_unmap_data(h_void *data_arg);
d_void *acc_deviceptr(h_void *data_arg);
h_void *acc_hostptr(d_void *data_dev);
int acc_is_present(h_void *data_arg, size_t bytes);

/* 3.2.31 - 3.2.33: copies */
void acc_memcpy_to_device(d_void *data_dev_dest, h_void *data_host_src, size_t bytes);
void acc_memcpy_to_device_async(d_void *data_dev_dest, h_void *data_host_src, size_t bytes,
                                int async_arg);
void acc_memcpy_from_device(h_void *data_host_dest, d_void *data_dev_src, size_t bytes);
void acc_memcpy_from_device_async(h_void *data_host_dest, d_void *data_dev_src, size_t bytes,
                                  int async_arg);
void acc_memcpy_device(d_void *data_dev_dest, d_void *data_dev_src, size_t bytes);
void acc_memcpy_device_async(d_void *data_dev_dest, d_void *data_dev_src, size_t bytes,
                             int async_arg);
void acc_memcpy_d2d(h_void *data_arg_dest, h_void *data_arg_src, size_t bytes,
                    int dev_num_dest, int dev_num_src);
void acc_memcpy_d2d_async(h_void *data_arg_dest, h_void *data_arg_src, size_t bytes,
                          int dev_num_dest, int dev_num_src, int async_arg_src);

/* 3.2.34 - 3.2.35: pointer attachment */
void acc_attach(h_void **ptr_addr);
void acc_attach_async(h_void **ptr_addr, int async_arg);
void acc_detach(h_void **ptr_addr);
void acc_detach_async(h_void **ptr_addr, int async_arg);
void acc_detach_finalize(h_void **ptr_addr);
void acc_detach_finalize_async(h_void **ptr_addr, int async_arg);

#ifdef __cplusplus
}
#endif

#endif /* ACCC_OPENACC_H */
