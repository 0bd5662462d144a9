/* acc_prof.h: the OpenACC 3.3 profiling interface (chapter 5 of the specification), as
 * implemented by accc's runtime, libaccrt.
 *
 * A tool library defines acc_register_library and calls the `reg` routine it receives for each
 * event it wants; the runtime then calls the registered callbacks with three structures that
 * describe the event. A tool gets loaded in one of three ways:
 *  - ACC_PROFLIB: a path, or several separated by ':'; the runtime dlopens each when it
 *    initialises (at the first OpenACC directive or routine) and calls its acc_register_library.
 *    A library that cannot be loaded, or that has no acc_register_library, is a warning
 *    ("accrt: warning: ACC_PROFLIB: ..."); the program runs on.
 *  - acc_register_library defined in a library the program links or preloads (LD_PRELOAD), or in
 *    the program itself when it is linked with -rdynamic: found and called at initialisation.
 *  - the program calls acc_register_library(acc_prof_register, acc_prof_unregister,
 *    acc_prof_lookup) itself (application-controlled initialisation, 5.4.3).
 * Each acc_register_library function is called once, however it was found.
 *
 * Implementation-defined choices (documented here, as the specification asks):
 *  - acc_prof_info.version is 202211 (_OPENACC); thread_id numbers host threads from 1 in the
 *    order of their first OpenACC event (the threadid of ACCC_NOTIFY lines); async is the async
 *    argument (acc_async_sync for synchronous work) and async_queue the queue it names
 *    (acc_async_sync when synchronous); end_line_no is the construct's last line (its
 *    statement's, or its end directive's; the directive's line for executable directives),
 *    func_line_no and func_end_line_no those of the enclosing function or program unit; for
 *    routines, src_file and func_name are NULL and the lines 0.
 *  - parent_construct: the directive's construct (a compute construct's data events name the
 *    compute construct); acc_construct_runtime_api for routines. A compute construct's start
 *    event comes before the events of its data entry, its end event after those of its exit.
 *  - Strings (src_file, func_name, var_name, kernel_name) stay valid until the program ends.
 *  - acc_api_info: device_api is acc_device_api_none (the host and multicore devices have no
 *    device API), vendor is 0, the handles are NULL.
 *  - tool_info: what a callback stores into the event info of a *_start event is passed back in
 *    the matching *_end event.
 *  - Registering a callback that is already registered for an event counts: it is still called
 *    once per event, and stays registered until unregistered as many times.
 *  - acc_prof_register/unregister(acc_ev_none, NULL, acc_toggle) enable/disable every callback;
 *    acc_toggle_per_thread (only with acc_ev_none and NULL) does so for the calling thread.
 *  - acc_prof_lookup returns NULL for every name (libaccrt defines no inquiry functions).
 *  - Callbacks run on the thread that performs the action, without any runtime lock held, so
 *    they may call acc_* routines (whose events then nest).
 *  - Runtime errors (data not present or partly present, out of memory, invalid arguments,
 *    device types or async arguments) deliver an acc_ev_error event to its callbacks on the
 *    thread that hit the error, with the directive's (or routine's) place, the device, the
 *    construct and async argument, and an acc_error_event_info naming the error; when the
 *    callbacks return, the runtime prints its message and exits with status 1 (a callback may
 *    end the program itself, e.g. with exit or _exit). Not reported as events: a kernel that
 *    faults (the signal handler cannot run tool code safely), an unusable ACC_DEVICE_TYPE
 *    (found before the tools are loaded), and internal errors of libaccrt.
 * See README.md ("Profiling") for which events fire where and what is not reported yet.
 */
#ifndef ACCC_ACC_PROF_H
#define ACCC_ACC_PROF_H

#include <stddef.h>
#include <stdint.h>

#include "openacc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 5.1 Events. */
typedef enum acc_event_t {
  acc_ev_none = 0,
  acc_ev_device_init_start = 1,
  acc_ev_device_init_end = 2,
  acc_ev_device_shutdown_start = 3,
  acc_ev_device_shutdown_end = 4,
  acc_ev_runtime_shutdown = 5,
  acc_ev_create = 6,
  acc_ev_delete = 7,
  acc_ev_alloc = 8,
  acc_ev_free = 9,
  acc_ev_enter_data_start = 10,
  acc_ev_enter_data_end = 11,
  acc_ev_exit_data_start = 12,
  acc_ev_exit_data_end = 13,
  acc_ev_update_start = 14,
  acc_ev_update_end = 15,
  acc_ev_compute_construct_start = 16,
  acc_ev_compute_construct_end = 17,
  acc_ev_enqueue_launch_start = 18,
  acc_ev_enqueue_launch_end = 19,
  acc_ev_enqueue_upload_start = 20,
  acc_ev_enqueue_upload_end = 21,
  acc_ev_enqueue_download_start = 22,
  acc_ev_enqueue_download_end = 23,
  acc_ev_wait_start = 24,
  acc_ev_wait_end = 25,
  acc_ev_error = 26,
  acc_ev_last = 27
} acc_event_t;

/* 5.2.1 First argument: general information. */
typedef struct acc_prof_info {
  acc_event_t event_type;
  int valid_bytes;
  int version;
  acc_device_t device_type;
  int device_number;
  int thread_id;
  intptr_t async;
  intptr_t async_queue;
  const char *src_file;
  const char *func_name;
  int line_no, end_line_no;
  int func_line_no, func_end_line_no;
} acc_prof_info;

/* 5.2.2 Second argument: event-specific information. */
typedef enum acc_construct_t {
  acc_construct_parallel = 0,
  acc_construct_kernels = 1,
  acc_construct_loop = 2,
  acc_construct_data = 3,
  acc_construct_enter_data = 4,
  acc_construct_exit_data = 5,
  acc_construct_host_data = 6,
  acc_construct_atomic = 7,
  acc_construct_declare = 8,
  acc_construct_init = 9,
  acc_construct_shutdown = 10,
  acc_construct_set = 11,
  acc_construct_update = 12,
  acc_construct_routine = 13,
  acc_construct_wait = 14,
  acc_construct_runtime_api = 15,
  acc_construct_serial = 16
} acc_construct_t;

/* create, delete, alloc, free, enqueue_upload_*, enqueue_download_*. */
typedef struct acc_data_event_info {
  acc_event_t event_type;
  int valid_bytes;
  acc_construct_t parent_construct;
  int implicit;
  void *tool_info;
  const char *var_name;
  size_t bytes;
  const void *host_ptr;
  const void *device_ptr;
} acc_data_event_info;

/* enqueue_launch_*. */
typedef struct acc_launch_event_info {
  acc_event_t event_type;
  int valid_bytes;
  acc_construct_t parent_construct;
  int implicit;
  void *tool_info;
  const char *kernel_name;
  size_t num_gangs, num_workers, vector_length;
} acc_launch_event_info;

/* 5.2.2 The kind of a runtime error (acc_ev_error). */
typedef enum acc_error_t {
  acc_error_none = 0,
  acc_error_other = 1,
  acc_error_system = 2,
  acc_error_execution = 3,
  acc_error_device_init = 4,
  acc_error_device_shutdown = 5,
  acc_error_device_unavailable = 6,
  acc_error_device_type_unavailable = 7,
  acc_error_wrong_device_type = 8,
  acc_error_out_of_memory = 9,
  acc_error_not_present = 10,
  acc_error_partly_present = 11,
  acc_error_present = 12,
  acc_error_invalid_argument = 13,
  acc_error_invalid_async = 14,
  acc_error_invalid_null_pointer = 15,
  acc_error_invalid_data_section = 16,
  acc_error_implementation_defined = 17
} acc_error_t;

/* acc_ev_error. error_message: the message the runtime prints ("accrt: error: " without the
 * prefix); runtime_info: 0 (no device runtime or driver underneath). */
typedef struct acc_error_event_info {
  acc_event_t event_type;
  int valid_bytes;
  acc_construct_t parent_construct;
  int implicit;
  void *tool_info;
  acc_error_t error_code;
  const char *error_message;
  size_t runtime_info;
} acc_error_event_info;

/* Every other event. */
typedef struct acc_other_event_info {
  acc_event_t event_type;
  int valid_bytes;
  acc_construct_t parent_construct;
  int implicit;
  void *tool_info;
} acc_other_event_info;

typedef union acc_event_info {
  acc_event_t event_type;
  acc_data_event_info data_event;
  acc_launch_event_info launch_event;
  acc_other_event_info other_event;
  acc_error_event_info error_event;
} acc_event_info;

/* 5.2.3 Third argument: device-API-specific information. */
typedef enum acc_device_api {
  acc_device_api_none = 0,
  acc_device_api_cuda = 1,
  acc_device_api_opencl = 2,
  acc_device_api_coi = 3,
  acc_device_api_other = 4
} acc_device_api;

typedef struct acc_api_info {
  acc_device_api device_api;
  int valid_bytes;
  acc_device_t device_type;
  int vendor;
  const void *device_handle;
  const void *context_handle;
  const void *async_handle;
} acc_api_info;

/* 5.3 Registering callbacks. */
typedef void (*acc_prof_callback)(acc_prof_info *, acc_event_info *, acc_api_info *);

typedef enum acc_register_t {
  acc_reg = 0,
  acc_toggle = 1,
  acc_toggle_per_thread = 2
} acc_register_t;

typedef void (*acc_prof_reg)(acc_event_t, acc_prof_callback, acc_register_t);
void acc_prof_register(acc_event_t event_type, acc_prof_callback cb, acc_register_t info);
void acc_prof_unregister(acc_event_t event_type, acc_prof_callback cb, acc_register_t info);

typedef void (*acc_query_fn)(void);
typedef acc_query_fn (*acc_prof_lookup_func)(const char *);
acc_query_fn acc_prof_lookup(const char *name);

/* 5.4 Loading the library: defined by the tool (never by libaccrt). */
void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup);

#ifdef __cplusplus
}
#endif

#endif /* ACCC_ACC_PROF_H */
