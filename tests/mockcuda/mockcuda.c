/* mockcuda: a test double of the CUDA driver (libcuda.so.1) for libaccrt's nvidia device, so
 * that the CUDA backend runs in `make test` on machines without a GPU; built with -DMOCK_HIP
 * (tests/hip.sh) it is the HIP runtime (libamdhip64.so) for the radeon device instead: the HIP
 * names at the end of this file wrap the same implementation (see there).
 *
 * Built by tests/cuda.sh as libcuda.so.1 in a temporary directory put first on
 * LD_LIBRARY_PATH. It implements, on the host, exactly the driver calls runtime/src/cuda.rs
 * resolves (the launch hook is runtime/src/gpudev.rs's):
 *  - "device" memory is separately malloc'd buffers: data the runtime forgets to copy stays
 *    behind, so a missing transfer shows up as a wrong answer. Every address a call receives as
 *    device memory must lie inside a live allocation (a host address passed as a device address
 *    is an error), and every call but the device queries needs a context current on the calling
 *    thread (cuCtxSetCurrent).
 *  - streams run their work in order at once (synchronously). An event records the host's
 *    monotonic clock when it is recorded (the work before it is done by then), so
 *    cuEventElapsedTime measures what ran between two records; like the driver it refuses
 *    events created with CU_EVENT_DISABLE_TIMING and events never recorded.
 *  - cuModuleLoadDataEx checks that the image is NUL-terminated PTX text (.version, .target) and
 *    that the JIT error log was asked for; cuModuleGetFunction finds `.entry <name>` and reads
 *    `.maxntid 1, 1, 1` (the kernel's CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK is then 1, else
 *    1024).
 *  - cuModuleGetGlobal_v2 gives one zero-filled device buffer per module and name, sized from
 *    the PTX `.global` declaration, and finds the program's host variable of the same symbol
 *    (dlsym: the programs are linked with -rdynamic). Around each launch every such host
 *    variable holds its buffer's bytes (the kernels run as host code, which reads the host
 *    variable); afterwards the bytes changed through it go to the buffer and the host bytes
 *    are restored. cuMemFree_v2 of a global's buffer is an error.
 *  - a global `__accc_link_<symbol>` is the device pointer of a `declare link` variable: its
 *    host variable is `<symbol>`, sized from its ELF symbol (dladdr1). Around each launch the
 *    host variable shows what the pointer reaches: 0xA5 garbage, overwritten by the bytes of
 *    every live allocation the pointed-to range [p, p + size) overlaps (nothing when p is null),
 *    so a kernel sees the mapped copy's data or garbage, never the host's values; afterwards
 *    the bytes it changed go back to those allocations and the host bytes are restored.
 *  - kernels: the runtime calls accmock_host_launch(host, finish, gangs, args) just before
 *    cuLaunchKernel (see runtime/src/gpudev.rs). cuLaunchKernel checks what it gets (the same
 *    argument array, gridDim.x*y*z == the gang count of argument 0, a block within the
 *    kernel's maximum) and runs host(args, 0, gangs, 0), then finish(args, 1) if any, on the
 *    device buffers the arguments name.
 *  - emulated images (CUDA flavour): an image that is an ELF shared object (`\x7fELF`) is the
 *    CPU emulation of the device code the link builds with ACCC_EMULATE_NVPTX=1
 *    (codegen/src/device/emulate.rs). cuModuleLoadDataEx writes it to a private temp file and
 *    dlopens it (RTLD_NOW | RTLD_LOCAL); cuModuleGetFunction takes the kernel's entry
 *    `__accemu_entry_<name>(void **args)` and maximum threads `__accemu_max_threads_<name>`;
 *    cuModuleGetGlobal_v2 gives the object's own global (dlsym), registered as device memory,
 *    so the runtime's copies go into and out of it. cuLaunchKernel checks the launch as above
 *    and runs the grid itself, not the host version: blocks one after another, and each block's
 *    threads as fibers (mmap'ed stacks with a guard page) that run until they return or
 *    reach a barrier (the image's thread-local `__accemu_state` holds the thread's
 *    tid/ntid/ctaid/nctaid, set before each switch, and the barrier function); when every live
 *    thread waits at the barrier all resume. Threads that returned while others wait at a
 *    barrier are barrier divergence (undefined on a GPU): the launch fails
 *    (CUDA_ERROR_LAUNCH_FAILED) with a message naming the kernel.
 *    Memory checks (codegen/src/device/emulate/checks.rs): the emulated code is CPU code, which
 *    would read a host address a GPU cannot reach and work. So every access it makes through a
 *    pointer that may address global memory is checked first: the image compares the address
 *    with the access site's slot in its thread-local `__accemu_sites` (the range the site's
 *    last check found; this thread's slots are cleared at each launch) and otherwise calls
 *    emu_check through its pointer `__accemu_check`, set at load, with the slot and the context
 *    the launch stores in `__accemu_state`. Device memory is a live allocation (cuMemAlloc_v2,
 *    module globals), the running emulated thread's own fiber stack, and the image's own
 *    memory (its loaded segments and its thread-local block: shared memory, the state); a
 *    check puts the allocation or segment it found into the slot, never a stack. Anything else
 *    stops the thread: the message `accmock: kernel K: load of 8 bytes at 0x... outside device
 *    memory (block (x, y, z), thread (x, y, z))` (load, store, atomic access, copy from, copy
 *    to, memset; "another device thread's stack" when it is one) and the launch fails with
 *    CUDA_ERROR_ILLEGAL_ADDRESS, as on a GPU. Device code's malloc and free (the CUDA device
 *    heap) call emu_malloc and emu_free through the image's `__accemu_heap`, set at load: the
 *    memory is a device allocation like cuMemAlloc_v2's.
 * Environment: ACCMOCK_TRACE=1 prints each driver call to stderr ("accmock: ..."), naming
 * allocations d1, d2, ... in allocation order and streams s1, s2, ...; ACCMOCK_DEVICES=n
 * reports n devices (default 1); ACCMOCK_JIT_FAIL=1 makes cuModuleLoadDataEx fail with an error
 * log; ACCMOCK_NO_INIT=1 makes cuInit fail (CUDA_ERROR_NO_DEVICE); ACCMOCK_EMULATE_ONLY=1 refuses
 * PTX images (every launch must then run emulated device code); ACCMOCK_SMS=n reports n
 * multiprocessors (default 4; the runtime's default gang count is 16 per multiprocessor);
 * ACCMOCK_MEMORY_MIB=n reports n MiB of device memory (default 16 GiB; allocations are not
 * limited by it).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* Built with -DMOCK_HIP the same source is the mock HIP runtime (libamdhip64.so): the CUDA
 * entry points become internal functions the HIP names at the end of the file wrap, and
 * messages name the HIP calls. */
#ifdef MOCK_HIP
#define API static __attribute__((unused))
#define NAME(cuda, hip) hip
#else
#define API
#define NAME(cuda, hip) cuda
#endif

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef void (*host_kernel)(void **args, int64_t begin, int64_t end, int thread);
typedef void (*finish_fn)(void **args, int nthreads);

enum {
  SUCCESS = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  NOT_INITIALIZED = 3,
  NO_DEVICE = 100,
  INVALID_DEVICE = 101,
  INVALID_IMAGE = 200,
  INVALID_CONTEXT = 201,
  INVALID_PTX = 218,
  INVALID_HANDLE = 400,
  NOT_FOUND = 500,
  NOT_READY = 600,
  ILLEGAL_ADDRESS = 700,
  LAUNCH_FAILED = 719
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int initialised;
static __thread void *current_context;
static char contexts[8]; /* one primary context per device: &contexts[ordinal] */

struct allocation {
  char *base;
  size_t bytes;
  int id;
  int global; /* a module global's buffer: cuMemFree_v2 refuses it */
  struct allocation *next;
};
static struct allocation *allocations;
static int next_allocation = 1, next_stream = 1;
static size_t allocated_bytes;

struct stream {
  int id;
};
/* A loaded module: PTX text (CUDA), or an AMDGPU code object (HIP, ptx == NULL). */
struct module {
  char *ptx;
  unsigned char *elf;
  size_t elf_bytes;
  void *emulated; /* the dlopen handle of an emulated image (CUDA), else NULL */
  /* An emulated image's own memory, which its code may address besides device memory: its
   * loaded segments, and the size of its thread-local block (found per thread at a launch). */
  uintptr_t segment[8][2];
  int segments;
  size_t tls_bytes;
};

/* A module global cuModuleGetGlobal_v2 handed out: its device buffer and the host variable of
 * the same symbol, whose bytes the device buffer replaces while a kernel runs. */
struct global {
  void *module;
  char name[256];
  struct allocation *device;
  char *host; /* NULL for an emulated image's global: its code uses the device bytes */
  size_t link_bytes; /* a `declare link` pointer: the size of the host variable (else 0) */
  struct global *next;
};
static const char link_prefix[] = "__accc_link_";
static struct global *globals;
struct function {
  char name[256];
  int max_threads;
  /* Emulated images: the kernel's entry and its module. */
  void (*entry)(void **args);
  struct module *module;
};

/* The emulated image's `__accemu_state` (codegen/src/lower/threads.rs: EMU_STATE). */
struct emu_state {
  int32_t tid[3], ntid[3], ctaid[3], nctaid[3];
  void (*barrier)(void);
  void *check_context; /* the last argument of emu_check: this OS thread's `emu` */
};

/* What accmock_host_launch recorded for the next cuLaunchKernel. */
static __thread struct {
  host_kernel host;
  finish_fn finish;
  int64_t gangs;
  void **args;
} pending;

static int tracing(void) {
  static int value = -1;
  if (value < 0) {
    const char *env = getenv("ACCMOCK_TRACE");
    value = env && strcmp(env, "1") == 0;
  }
  return value;
}

static void trace(const char *format, ...) {
  if (!tracing())
    return;
  va_list list;
  va_start(list, format);
  fputs("accmock: ", stderr);
  vfprintf(stderr, format, list);
  fputc('\n', stderr);
  va_end(list);
}

static CUresult fail(CUresult code, const char *format, ...) {
  va_list list;
  va_start(list, format);
  fputs("accmock: error: ", stderr);
  vfprintf(stderr, format, list);
  fputc('\n', stderr);
  va_end(list);
  return code;
}

static int device_count(void) {
  const char *env = getenv("ACCMOCK_DEVICES");
  int n = env ? atoi(env) : 1;
  return n < 0 ? 0 : n > 8 ? 8 : n;
}

static CUresult need_context(const char *call) {
  if (!initialised)
    return fail(NOT_INITIALIZED, "%s before " NAME("cuInit", "hipInit"), call);
  if (!current_context)
    return fail(INVALID_CONTEXT, "%s without a current context on this thread", call);
  return SUCCESS;
}

/* The allocation holding [address, address + bytes), or NULL. Called under the lock. */
static struct allocation *find(CUdeviceptr address, size_t bytes) {
  for (struct allocation *a = allocations; a; a = a->next) {
    char *p = (char *)(uintptr_t)address;
    if (p >= a->base && p <= a->base + a->bytes && bytes <= (size_t)(a->base + a->bytes - p))
      return a;
  }
  return NULL;
}

/* Checks a device range; fills `where` with "dN+offset" for the trace. */
static CUresult device_range(const char *call, CUdeviceptr address, size_t bytes, char *where,
                             size_t size) {
  pthread_mutex_lock(&lock);
  struct allocation *a = find(address, bytes);
  if (a)
    snprintf(where, size, "d%d+%zu", a->id, (size_t)((char *)(uintptr_t)address - a->base));
  pthread_mutex_unlock(&lock);
  if (!a)
    return fail(INVALID_VALUE, "%s: %zu bytes at %#llx are not device memory", call, bytes,
                address);
  return SUCCESS;
}

static const char *stream_name(void *stream, char *buffer, size_t size) {
  if (!stream)
    return "null";
  snprintf(buffer, size, "s%d", ((struct stream *)stream)->id);
  return buffer;
}

API CUresult cuInit(unsigned flags) {
  trace(NAME("cuInit", "hipInit") "(%u)", flags);
  const char *env = getenv("ACCMOCK_NO_INIT");
  if (env && strcmp(env, "1") == 0)
    return NO_DEVICE;
  if (flags != 0)
    return fail(INVALID_VALUE, NAME("cuInit", "hipInit") ": flags must be 0");
  initialised = 1;
  return SUCCESS;
}

API CUresult cuDriverGetVersion(int *version) {
  if (!version)
    return INVALID_VALUE;
  *version = 12040;
  return SUCCESS;
}

API CUresult cuDeviceGetCount(int *count) {
  if (!initialised)
    return NOT_INITIALIZED;
  *count = device_count();
  trace(NAME("cuDeviceGetCount", "hipGetDeviceCount") " = %d", *count);
  return SUCCESS;
}

API CUresult cuDeviceGet(int *device, int ordinal) {
  if (!initialised)
    return NOT_INITIALIZED;
  if (ordinal < 0 || ordinal >= device_count())
    return fail(INVALID_DEVICE, NAME("cuDeviceGet", "hipDeviceGet") ": no device %d", ordinal);
  *device = ordinal;
  return SUCCESS;
}

API CUresult cuDeviceGetName(char *name, int length, int device) {
  if (!initialised)
    return NOT_INITIALIZED;
  if (!name || length <= 0 || device < 0 || device >= device_count())
    return INVALID_VALUE;
  snprintf(name, (size_t)length, NAME("accmock GPU %d", "accmock AMD GPU %d"), device);
  return SUCCESS;
}

#define TOTAL_MEMORY ((size_t)16 << 30)

API CUresult cuDeviceTotalMem_v2(size_t *bytes, int device) {
  if (!initialised)
    return NOT_INITIALIZED;
  if (device < 0 || device >= device_count())
    return INVALID_DEVICE;
  const char *mib = getenv("ACCMOCK_MEMORY_MIB");
  *bytes = mib ? (size_t)atol(mib) << 20 : TOTAL_MEMORY;
  return SUCCESS;
}

API CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (!initialised)
    return NOT_INITIALIZED;
  if (device < 0 || device >= device_count())
    return INVALID_DEVICE;
  switch (attribute) {
  case 1: /* max threads per block */
    *value = 1024;
    break;
  case 16: /* multiprocessors: ACCMOCK_SMS, default 4 */
    *value = getenv("ACCMOCK_SMS") ? atoi(getenv("ACCMOCK_SMS")) : 4;
    if (*value < 1)
      *value = 1;
    break;
  case 39: /* max threads per multiprocessor */
    *value = 2048;
    break;
  case 75: /* compute capability */
    *value = 9;
    break;
  case 76:
    *value = 0;
    break;
  default:
    return fail(INVALID_VALUE, NAME("cuDeviceGetAttribute", "hipDeviceGetAttribute") ": attribute %d is not mocked", attribute);
  }
  return SUCCESS;
}

API CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  if (!initialised)
    return NOT_INITIALIZED;
  if (device < 0 || device >= device_count())
    return INVALID_DEVICE;
  *context = &contexts[device];
  trace(NAME("cuDevicePrimaryCtxRetain", "hipDevicePrimaryCtxRetain") "(%d)", device);
  return SUCCESS;
}

API CUresult cuCtxSetCurrent(void *context) {
  if (context && ((char *)context < contexts || (char *)context >= contexts + 8))
    return fail(INVALID_CONTEXT, NAME("cuCtxSetCurrent", "hipSetDevice") ": not a context");
  current_context = context;
  return SUCCESS;
}

API CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total) {
  CUresult status = need_context(NAME("cuMemGetInfo_v2", "hipMemGetInfo"));
  if (status)
    return status;
  pthread_mutex_lock(&lock);
  *free_bytes = TOTAL_MEMORY - allocated_bytes;
  pthread_mutex_unlock(&lock);
  *total = TOTAL_MEMORY;
  return SUCCESS;
}

/* A new device allocation of `bytes` (more than 0), filled with garbage; NULL when the memory
 * is short. */
static struct allocation *new_allocation(size_t bytes) {
  if (bytes > TOTAL_MEMORY)
    return NULL;
  struct allocation *a = malloc(sizeof *a);
  char *base = malloc(bytes);
  if (!a || !base) {
    free(a);
    free(base);
    return NULL;
  }
  /* Fresh device memory is garbage, never the host's values. */
  memset(base, 0xA5, bytes);
  pthread_mutex_lock(&lock);
  a->base = base;
  a->bytes = bytes;
  a->global = 0;
  a->id = next_allocation++;
  a->next = allocations;
  allocations = a;
  allocated_bytes += bytes;
  pthread_mutex_unlock(&lock);
  return a;
}

API CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  CUresult status = need_context(NAME("cuMemAlloc_v2", "hipMalloc"));
  if (status)
    return status;
  if (bytes == 0)
    return fail(INVALID_VALUE, NAME("cuMemAlloc_v2", "hipMalloc") ": 0 bytes");
  struct allocation *a = new_allocation(bytes);
  if (!a)
    return OUT_OF_MEMORY;
  *pointer = (CUdeviceptr)(uintptr_t)a->base;
  trace(NAME("cuMemAlloc_v2", "hipMalloc") "(%zu) = d%d", bytes, a->id);
  return SUCCESS;
}

/* Removes the live allocation starting at `base` and returns it; NULL when there is none. A
 * module global's buffer is never removed: `*global` gets its id then (else 0). */
static struct allocation *take_allocation(const char *base, int *global) {
  pthread_mutex_lock(&lock);
  struct allocation **link = &allocations;
  while (*link && (*link)->base != base)
    link = &(*link)->next;
  struct allocation *a = *link;
  *global = a && a->global ? a->id : 0;
  if (a && !a->global) {
    *link = a->next;
    allocated_bytes -= a->bytes;
  } else {
    a = NULL;
  }
  pthread_mutex_unlock(&lock);
  return a;
}

/* Freed device memory is garbage too, then goes back to the host. */
static void release_allocation(struct allocation *a) {
  memset(a->base, 0x5A, a->bytes);
  free(a->base);
  free(a);
}

API CUresult cuMemFree_v2(CUdeviceptr pointer) {
  CUresult status = need_context(NAME("cuMemFree_v2", "hipFree"));
  if (status)
    return status;
  int global;
  struct allocation *a = take_allocation((const char *)(uintptr_t)pointer, &global);
  if (global)
    return fail(INVALID_VALUE, NAME("cuMemFree_v2", "hipFree") ": d%d is a module global, not an allocation", global);
  if (!a)
    return fail(INVALID_VALUE, NAME("cuMemFree_v2", "hipFree") ": %#llx is not an allocation", pointer);
  trace(NAME("cuMemFree_v2", "hipFree") "(d%d)", a->id);
  release_allocation(a);
  return SUCCESS;
}

/* A copy of a pointer into a `declare link` pointer global: `where` becomes "host: link ->
 * dN+offset" (or dN-offset for a section's array start before its copy, or null) for the
 * trace. */
static void link_value(void *to, const void *from, char *where, size_t size) {
  uintptr_t value;
  memcpy(&value, from, sizeof value);
  pthread_mutex_lock(&lock);
  for (struct global *g = globals; g; g = g->next) {
    if (!g->link_bytes || g->device->base != (char *)to)
      continue;
    if (!value)
      snprintf(where, size, "host: link -> null");
    for (struct allocation *a = value ? allocations : NULL; a; a = a->next) {
      uintptr_t lo = (uintptr_t)a->base;
      if (a->global || value + g->link_bytes <= lo || value >= lo + a->bytes)
        continue;
      if (value >= lo)
        snprintf(where, size, "host: link -> d%d+%zu", a->id, (size_t)(value - lo));
      else
        snprintf(where, size, "host: link -> d%d-%zu", a->id, (size_t)(lo - value));
      break;
    }
  }
  pthread_mutex_unlock(&lock);
}

static CUresult copy(const char *call, int to_device, int from_device, void *to, const void *from,
                     size_t bytes, void *stream) {
  CUresult status = need_context(call);
  if (status)
    return status;
  char where_to[64] = "host", where_from[64] = "host", s[32];
  if (to_device && (status = device_range(call, (CUdeviceptr)(uintptr_t)to, bytes, where_to,
                                          sizeof where_to)))
    return status;
  if (from_device && (status = device_range(call, (CUdeviceptr)(uintptr_t)from, bytes,
                                            where_from, sizeof where_from)))
    return status;
  if (to_device && !from_device && bytes == sizeof(uintptr_t))
    link_value(to, from, where_from, sizeof where_from);
  if (stream)
    trace("%s(%s <- %s, %zu bytes, %s)", call, where_to, where_from, bytes,
          stream_name(stream, s, sizeof s));
  else
    trace("%s(%s <- %s, %zu bytes)", call, where_to, where_from, bytes);
  memmove(to, from, bytes);
  return SUCCESS;
}

API CUresult cuMemcpyHtoD_v2(CUdeviceptr to, const void *from, size_t bytes) {
  return copy(NAME("cuMemcpyHtoD_v2", "hipMemcpyHtoD"), 1, 0, (void *)(uintptr_t)to, from, bytes, NULL);
}
API CUresult cuMemcpyDtoH_v2(void *to, CUdeviceptr from, size_t bytes) {
  return copy(NAME("cuMemcpyDtoH_v2", "hipMemcpyDtoH"), 0, 1, to, (void *)(uintptr_t)from, bytes, NULL);
}
API CUresult cuMemcpyDtoD_v2(CUdeviceptr to, CUdeviceptr from, size_t bytes) {
  return copy(NAME("cuMemcpyDtoD_v2", "hipMemcpyDtoD"), 1, 1, (void *)(uintptr_t)to, (void *)(uintptr_t)from, bytes,
              NULL);
}
API CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr to, const void *from, size_t bytes, void *stream) {
  if (!stream)
    return fail(INVALID_HANDLE, NAME("cuMemcpyHtoDAsync_v2", "hipMemcpyHtoDAsync") ": null stream");
  return copy(NAME("cuMemcpyHtoDAsync_v2", "hipMemcpyHtoDAsync"), 1, 0, (void *)(uintptr_t)to, from, bytes, stream);
}
API CUresult cuMemcpyDtoHAsync_v2(void *to, CUdeviceptr from, size_t bytes, void *stream) {
  if (!stream)
    return fail(INVALID_HANDLE, NAME("cuMemcpyDtoHAsync_v2", "hipMemcpyDtoHAsync") ": null stream");
  return copy(NAME("cuMemcpyDtoHAsync_v2", "hipMemcpyDtoHAsync"), 0, 1, to, (void *)(uintptr_t)from, bytes, stream);
}
API CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr to, CUdeviceptr from, size_t bytes, void *stream) {
  if (!stream)
    return fail(INVALID_HANDLE, NAME("cuMemcpyDtoDAsync_v2", "hipMemcpyDtoDAsync") ": null stream");
  return copy(NAME("cuMemcpyDtoDAsync_v2", "hipMemcpyDtoDAsync"), 1, 1, (void *)(uintptr_t)to, (void *)(uintptr_t)from,
              bytes, stream);
}

static CUresult memset8(const char *call, CUdeviceptr to, unsigned char value, size_t bytes,
                        void *stream) {
  CUresult status = need_context(call);
  char where[64], s[32];
  if (status || (status = device_range(call, to, bytes, where, sizeof where)))
    return status;
  trace("%s(%s, %u, %zu bytes%s%s)", call, where, value, bytes, stream ? ", " : "",
        stream ? stream_name(stream, s, sizeof s) : "");
  memset((void *)(uintptr_t)to, value, bytes);
  return SUCCESS;
}
API CUresult cuMemsetD8_v2(CUdeviceptr to, unsigned char value, size_t bytes) {
  return memset8(NAME("cuMemsetD8_v2", "hipMemsetD8"), to, value, bytes, NULL);
}
API CUresult cuMemsetD8Async(CUdeviceptr to, unsigned char value, size_t bytes, void *stream) {
  return memset8(NAME("cuMemsetD8Async", "hipMemsetD8Async"), to, value, bytes, stream);
}

API CUresult cuStreamCreate(void **stream, unsigned flags) {
  CUresult status = need_context(NAME("cuStreamCreate", "hipStreamCreateWithFlags"));
  if (status)
    return status;
  struct stream *s = malloc(sizeof *s);
  if (!s)
    return OUT_OF_MEMORY;
  pthread_mutex_lock(&lock);
  s->id = next_stream++;
  pthread_mutex_unlock(&lock);
  *stream = s;
  trace(NAME("cuStreamCreate", "hipStreamCreateWithFlags") "(flags %u) = s%d", flags, s->id);
  return SUCCESS;
}

API CUresult cuStreamSynchronize(void *stream) {
  char s[32];
  CUresult status = need_context(NAME("cuStreamSynchronize", "hipStreamSynchronize"));
  if (status)
    return status;
  trace(NAME("cuStreamSynchronize", "hipStreamSynchronize") "(%s)", stream_name(stream, s, sizeof s));
  return SUCCESS;
}

API CUresult cuStreamQuery(void *stream) {
  (void)stream;
  return need_context(NAME("cuStreamQuery", "hipStreamQuery"));
}

API CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  char s[32];
  CUresult status = need_context(NAME("cuStreamWaitEvent", "hipStreamWaitEvent"));
  if (status)
    return status;
  if (!event || flags != 0)
    return fail(INVALID_VALUE, NAME("cuStreamWaitEvent", "hipStreamWaitEvent") ": bad event or flags");
  trace(NAME("cuStreamWaitEvent", "hipStreamWaitEvent") "(%s)", stream_name(stream, s, sizeof s));
  return SUCCESS;
}

/* An event: its creation flags and the monotonic time (ms) of its last record. */
struct event {
  unsigned flags;
  int recorded;
  double ms;
};

enum { EVENT_DISABLE_TIMING = 2 };

API CUresult cuEventCreate(void **event, unsigned flags) {
  CUresult status = need_context(NAME("cuEventCreate", "hipEventCreateWithFlags"));
  if (status)
    return status;
  struct event *e = calloc(1, sizeof *e);
  if (!e)
    return OUT_OF_MEMORY;
  e->flags = flags;
  *event = e;
  return SUCCESS;
}

API CUresult cuEventRecord(void *event, void *stream) {
  char s[32];
  CUresult status = need_context(NAME("cuEventRecord", "hipEventRecord"));
  if (status)
    return status;
  if (!event)
    return INVALID_HANDLE;
  struct event *e = event;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  e->recorded = 1;
  e->ms = (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
  trace(NAME("cuEventRecord", "hipEventRecord") "(%s%s)", stream_name(stream, s, sizeof s),
        e->flags & EVENT_DISABLE_TIMING ? "" : ", timed");
  return SUCCESS;
}

API CUresult cuEventQuery(void *event) {
  CUresult status = need_context(NAME("cuEventQuery", "hipEventQuery"));
  if (status)
    return status;
  if (!event)
    return INVALID_HANDLE;
  return SUCCESS; /* streams run their work at once */
}

API CUresult cuEventSynchronize(void *event) {
  CUresult status = need_context(NAME("cuEventSynchronize", "hipEventSynchronize"));
  if (status)
    return status;
  return event ? SUCCESS : INVALID_HANDLE;
}

API CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
  CUresult status = need_context(NAME("cuEventElapsedTime", "hipEventElapsedTime"));
  if (status)
    return status;
  struct event *a = start, *b = end;
  if (!ms || !a || !b)
    return INVALID_HANDLE;
  if ((a->flags | b->flags) & EVENT_DISABLE_TIMING)
    return fail(INVALID_HANDLE,
                NAME("cuEventElapsedTime", "hipEventElapsedTime") ": an event without timing");
  if (!a->recorded || !b->recorded)
    return NOT_READY;
  *ms = (float)(b->ms - a->ms);
  trace(NAME("cuEventElapsedTime", "hipEventElapsedTime") "()");
  return SUCCESS;
}

API CUresult cuEventDestroy_v2(void *event) {
  if (!event)
    return INVALID_HANDLE;
  free(event);
  return SUCCESS;
}

API CUresult cuLaunchHostFunc(void *stream, void (*function)(void *), void *data) {
  char s[32];
  CUresult status = need_context(NAME("cuLaunchHostFunc", "hipLaunchHostFunc"));
  if (status)
    return status;
  trace(NAME("cuLaunchHostFunc", "hipLaunchHostFunc") "(%s)", stream_name(stream, s, sizeof s));
  function(data);
  return SUCCESS;
}

#ifndef MOCK_HIP
/* The emulator's threads of one block: fibers on this OS thread. A switch saves the
 * callee-saved registers on the current stack and changes stacks (emu_switch): ucontext's
 * swapcontext would also save and restore the signal mask, a system call per switch, which
 * makes kernels with a barrier per iteration of a long loop run for minutes. */
enum { FIBER_READY, FIBER_WAITING, FIBER_DONE, FIBER_FAULTED };
struct fiber {
  void *sp; /* the saved stack pointer while it is switched out */
  char *stack;
  int status;
};
#define FIBER_STACK ((size_t)256 << 10)
/* The memory checks' cache: the last device allocations a check found. */
#define EMU_HITS 4
static __thread struct emulator {
  struct fiber *fibers;
  size_t capacity, current;
  void *scheduler; /* the scheduler's saved stack pointer */
  void (*entry)(void **);
  void **args;
  /* The launch's kernel and the image's state on this thread. */
  struct function *function;
  struct emu_state *state;
  /* What a memory check accepts at once: the running thread's stack, and the allocations it
   * found last (emptied at each launch: allocations may be freed between launches). */
  uintptr_t stack_lo, stack_hi;
  uintptr_t hit[EMU_HITS][2];
  unsigned next_hit;
  /* The image whose thread-local block on this OS thread is [tls_lo, tls_hi), its state and
   * its access sites' slots there. */
  struct module *tls_module;
  uintptr_t tls_lo, tls_hi;
  struct emu_state *tls_state;
  uint64_t (*sites)[2];
  size_t sites_bytes;
} emu;

/* Saves rbp, rbx, r12-r15 on this stack, stores the stack pointer in *from, and continues on
 * the stack `to` (saved the same way, or prepared by emu_prepare). The System V ABI leaves
 * every other register to the caller, and nothing here changes MXCSR or the x87 control word. */
__attribute__((naked, noinline)) static void emu_switch(void **from __attribute__((unused)),
                                                        void *to __attribute__((unused))) {
  __asm__ volatile("pushq %rbp\n\tpushq %rbx\n\tpushq %r12\n\tpushq %r13\n\t"
                   "pushq %r14\n\tpushq %r15\n\t"
                   "movq %rsp, (%rdi)\n\tmovq %rsi, %rsp\n\t"
                   "popq %r15\n\tpopq %r14\n\tpopq %r13\n\tpopq %r12\n\t"
                   "popq %rbx\n\tpopq %rbp\n\tret\n\t");
}

/* Whether [address, address + bytes) lies inside [lo, hi). */
static inline int emu_inside(uintptr_t address, uint64_t bytes, uintptr_t lo, uintptr_t hi) {
  return address >= lo && address <= hi && bytes <= hi - address;
}

/* A failed check: the message, then the thread stops for good and the launch fails. */
static void emu_fault(struct emulator *e, uintptr_t address, uint64_t bytes, int32_t kind) {
  static const char *const kinds[] = {"load", "store", "atomic access", "copy from", "copy to",
                                      "memset"};
  const char *where = "";
  for (size_t i = 0; i < e->capacity; i++)
    if (i != e->current && emu_inside(address, bytes, (uintptr_t)e->fibers[i].stack,
                                       (uintptr_t)e->fibers[i].stack + FIBER_STACK))
      where = " (another device thread's stack)";
  struct emu_state *s = e->state;
  fprintf(stderr,
          "accmock: kernel %s: %s of %llu bytes at %#lx outside device memory%s (block (%d, %d, "
          "%d), thread (%d, %d, %d))\n",
          e->function->name, kind >= 0 && kind <= 5 ? kinds[kind] : "access",
          (unsigned long long)bytes, (unsigned long)address, where, s->ctaid[0], s->ctaid[1],
          s->ctaid[2], s->tid[0], s->tid[1], s->tid[2]);
  struct fiber *f = &e->fibers[e->current];
  f->status = FIBER_FAULTED;
  emu_switch(&f->sp, e->scheduler);
  abort(); /* never resumed */
}

/* The rest of emu_check: the image's memory, then the allocations (under the lock), whose
 * range it keeps for the next checks. Not inlined: emu_check stays a leaf function. */
__attribute__((noinline)) static void emu_check_further(struct emulator *e, uintptr_t address,
                                                         uint64_t bytes, int32_t kind,
                                                         uint64_t slot[2]) {
  struct module *m = e->function->module;
  for (int i = 0; i < m->segments; i++)
    if (emu_inside(address, bytes, m->segment[i][0], m->segment[i][1])) {
      slot[0] = m->segment[i][0];
      slot[1] = m->segment[i][1];
      return;
    }
  if (emu_inside(address, bytes, e->tls_lo, e->tls_hi))
    return; /* the same for each thread of this OS thread, but not in the slot (per site) */
  pthread_mutex_lock(&lock);
  struct allocation *a = find(address, bytes);
  pthread_mutex_unlock(&lock);
  if (a) {
    unsigned hit = e->next_hit++ % EMU_HITS;
    e->hit[hit][0] = slot[0] = (uintptr_t)a->base;
    e->hit[hit][1] = slot[1] = (uintptr_t)a->base + a->bytes;
    return;
  }
  emu_fault(e, address, bytes, kind);
}

/* The memory check the emulated code calls before an access through a pointer that may
 * address global memory when the address is outside its site's slot, the range the site's last
 * check found (codegen/src/device/emulate/checks.rs; `kind` is its AccessKind). Device memory is
 * a live allocation (cuMemAlloc_v2, module globals), the running thread's own stack, or the
 * image's own memory (its segments, its thread-local block: shared memory, the state). Anything
 * else is an address a GPU would not reach: the thread stops, and the launch fails with
 * CUDA_ERROR_ILLEGAL_ADDRESS. Otherwise the slot gets the allocation or segment (valid for the
 * whole launch and every thread; never a thread's stack). */
static void emu_check(const void *pointer, uint64_t bytes, int32_t kind, uint64_t slot[2],
                      void *context) {
  struct emulator *e = context; /* this OS thread's `emu`, without a thread-local lookup */
  uintptr_t address = (uintptr_t)pointer;
  if (bytes == 0 || emu_inside(address, bytes, e->stack_lo, e->stack_hi))
    return;
  for (int i = 0; i < EMU_HITS; i++)
    if (emu_inside(address, bytes, e->hit[i][0], e->hit[i][1])) {
      slot[0] = e->hit[i][0];
      slot[1] = e->hit[i][1];
      return;
    }
  emu_check_further(e, address, bytes, kind, slot); /* a tail call */
}

/* Device code's malloc and free (CUDA's device heap), called through the image's
 * `__accemu_heap`: device allocations, so the memory checks accept them. malloc of 0 bytes or
 * of more than the memory left gives NULL, as on a GPU; freeing what no device malloc or
 * cuMemAlloc returned stops the program. */
static void *emu_malloc(uint64_t bytes) {
  struct allocation *a = bytes ? new_allocation(bytes) : NULL;
  if (a)
    trace("device malloc(%llu) = d%d", (unsigned long long)bytes, a->id);
  return a ? a->base : NULL;
}

static void emu_free(void *pointer) {
  if (!pointer)
    return;
  int global;
  struct allocation *a = take_allocation(pointer, &global);
  if (!a) {
    fprintf(stderr, "accmock: device free(%p) of memory no device malloc returned\n", pointer);
    abort();
  }
  trace("device free(d%d)", a->id);
  /* The checks' cached ranges must not keep the freed memory valid. */
  for (int i = 0; i < EMU_HITS; i++)
    if (emu.hit[i][0] == (uintptr_t)a->base)
      emu.hit[i][0] = emu.hit[i][1] = 0;
  if (emu.sites)
    memset(emu.sites, 0, emu.sites_bytes);
  release_allocation(a);
}

/* A fiber's first code: runs the kernel's thread, then gives control back for good. */
static void emu_thread(void) {
  emu.entry(emu.args);
  struct fiber *f = &emu.fibers[emu.current];
  f->status = FIBER_DONE;
  emu_switch(&f->sp, emu.scheduler);
  abort(); /* never resumed */
}

/* A fresh fiber's stack as emu_switch leaves one: six zero registers, then emu_thread as the
 * return address, entered with the stack aligned as after a call. */
static void emu_prepare(struct fiber *f) {
  uintptr_t top = ((uintptr_t)f->stack + FIBER_STACK) & ~(uintptr_t)15;
  void **sp = (void **)(top - 64);
  for (int i = 0; i < 6; i++)
    sp[i] = NULL;
  sp[6] = (void *)(uintptr_t)emu_thread;
  sp[7] = NULL; /* emu_thread's return address: it never returns */
  f->sp = sp;
  f->status = FIBER_READY;
}

/* The image's barrier: this thread waits until the scheduler resumes it. */
static void emu_barrier(void) {
  struct fiber *f = &emu.fibers[emu.current];
  f->status = FIBER_WAITING;
  emu_switch(&f->sp, emu.scheduler);
}

/* Stacks for n fibers (kept for later launches), each with a guard page below it. */
static int emu_fibers(size_t n) {
  if (n <= emu.capacity)
    return 1;
  struct fiber *grown = realloc(emu.fibers, n * sizeof *grown);
  if (!grown)
    return 0;
  emu.fibers = grown;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  for (size_t i = emu.capacity; i < n; i++) {
    char *base = mmap(NULL, FIBER_STACK + page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED)
      return 0;
    mprotect(base, page, PROT_NONE);
    emu.fibers[i].stack = base + page;
    emu.capacity = i + 1;
  }
  return 1;
}

/* dl_iterate_phdr: the segments of the emulated image whose load address `data` names. */
struct emu_image_search {
  uintptr_t base;
  struct module *m;
  uintptr_t tls; /* the calling thread's thread-local block of the image (0: none) */
  int found;
};
static int emu_image_segments(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct emu_image_search *search = data;
  if (info->dlpi_addr != search->base)
    return 0;
  search->found = 1;
  search->tls = (uintptr_t)info->dlpi_tls_data;
  struct module *m = search->m;
  m->segments = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type == PT_LOAD && m->segments < 8) {
      m->segment[m->segments][0] = info->dlpi_addr + p->p_vaddr;
      m->segment[m->segments][1] = info->dlpi_addr + p->p_vaddr + p->p_memsz;
      m->segments++;
    } else if (p->p_type == PT_TLS) {
      m->tls_bytes = p->p_memsz;
    }
  }
  return 1;
}

/* Finds the loaded segments of an emulated image and, on the calling thread, its thread-local
 * block (allocated by the dlsym of `__accemu_state`, whose address on this thread it returns);
 * NULL when the image has no state. */
static struct emu_state *emu_image(struct module *m) {
  struct emu_state *state = dlsym(m->emulated, "__accemu_state");
  struct link_map *map = NULL;
  if (!state || dlinfo(m->emulated, RTLD_DI_LINKMAP, &map) != 0 || !map)
    return NULL;
  struct emu_image_search search = {map->l_addr, m, 0, 0};
  dl_iterate_phdr(emu_image_segments, &search);
  if (!search.found)
    return NULL;
  emu.tls_module = m;
  emu.tls_state = state;
  const uint64_t *sites_bytes = dlsym(m->emulated, "__accemu_sites_bytes");
  emu.sites = sites_bytes ? dlsym(m->emulated, "__accemu_sites") : NULL;
  emu.sites_bytes = emu.sites ? *sites_bytes : 0;
  emu.tls_lo = search.tls;
  emu.tls_hi = search.tls ? search.tls + m->tls_bytes : 0;
  return state;
}

/* Runs the grid of an emulated kernel: blocks in order, each block's threads as fibers that
 * meet at barriers. */
static CUresult emulate_launch(struct function *f, unsigned grid[3], unsigned block[3],
                               void **params) {
  size_t n = (size_t)block[0] * block[1] * block[2];
  if (!emu_fibers(n))
    return fail(OUT_OF_MEMORY, "cuLaunchKernel(%s): no memory for %zu emulated threads", f->name, n);
  /* The state this OS thread's emulated code reads (thread-local in the image). */
  if (emu.tls_module != f->module && !emu_image(f->module))
    return fail(LAUNCH_FAILED, "cuLaunchKernel(%s): the emulated image has no state", f->name);
  struct emu_state *state = emu.tls_state;
  emu.entry = f->entry;
  emu.args = params;
  emu.function = f;
  emu.state = state;
  /* Allocations may have been freed since the last launch: no range is known yet. */
  memset(emu.hit, 0, sizeof emu.hit);
  if (emu.sites)
    memset(emu.sites, 0, emu.sites_bytes);
  state->barrier = emu_barrier;
  state->check_context = &emu;
  for (int axis = 0; axis < 3; axis++) {
    state->ntid[axis] = (int32_t)block[axis];
    state->nctaid[axis] = (int32_t)grid[axis];
  }
  for (unsigned bz = 0; bz < grid[2]; bz++)
    for (unsigned by = 0; by < grid[1]; by++)
      for (unsigned bx = 0; bx < grid[0]; bx++) {
        state->ctaid[0] = (int32_t)bx;
        state->ctaid[1] = (int32_t)by;
        state->ctaid[2] = (int32_t)bz;
        for (size_t i = 0; i < n; i++)
          emu_prepare(&emu.fibers[i]);
        for (;;) {
          size_t done = 0;
          for (size_t i = 0; i < n; i++) {
            struct fiber *fiber = &emu.fibers[i];
            if (fiber->status == FIBER_READY) {
              state->tid[0] = (int32_t)(i % block[0]);
              state->tid[1] = (int32_t)(i / block[0] % block[1]);
              state->tid[2] = (int32_t)(i / ((size_t)block[0] * block[1]));
              emu.current = i;
              emu.stack_lo = (uintptr_t)fiber->stack;
              emu.stack_hi = (uintptr_t)fiber->stack + FIBER_STACK;
              emu_switch(&emu.scheduler, fiber->sp);
              if (fiber->status == FIBER_FAULTED)
                return ILLEGAL_ADDRESS; /* emu_check said where */
            }
            done += fiber->status == FIBER_DONE;
          }
          if (done == n)
            break;
          if (done > 0)
            return fail(LAUNCH_FAILED,
                        "cuLaunchKernel(%s): barrier divergence in block (%u, %u, %u): %zu of "
                        "%zu threads returned while the others wait at a barrier",
                        f->name, bx, by, bz, done, n);
          for (size_t i = 0; i < n; i++)
            emu.fibers[i].status = FIBER_READY;
        }
      }
  return SUCCESS;
}

/* An emulated image: an x86-64 shared object, its size from the ELF header (the section
 * headers come last), written to a private temp file and dlopen'ed. */
static CUresult load_emulated(void **module, const void *image, char *error_log,
                              size_t error_size) {
  const Elf64_Ehdr *header = image;
  size_t bytes = (size_t)header->e_shoff + (size_t)header->e_shnum * header->e_shentsize;
  if (header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_type != ET_DYN || bytes < sizeof *header)
    return fail(INVALID_IMAGE, "cuModuleLoadDataEx: an ELF image that is not a 64-bit shared object");
  char path[] = "/tmp/accmock-emulated-XXXXXX.so";
  int fd = mkstemps(path, 3);
  if (fd < 0)
    return fail(OUT_OF_MEMORY, "cuModuleLoadDataEx: cannot create a temp file for the emulated image");
  const char *from = image;
  size_t left = bytes;
  while (left > 0) {
    ssize_t written = write(fd, from, left);
    if (written <= 0) {
      close(fd);
      unlink(path);
      return fail(OUT_OF_MEMORY, "cuModuleLoadDataEx: cannot write the emulated image");
    }
    from += written;
    left -= (size_t)written;
  }
  close(fd);
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  unlink(path);
  if (!handle) {
    snprintf(error_log, error_size, "mock: cannot load the emulated image: %s", dlerror());
    return INVALID_IMAGE;
  }
  struct module *m = calloc(1, sizeof *m);
  if (!m)
    return OUT_OF_MEMORY;
  m->emulated = handle;
  /* The image's memory checks call emu_check; its segments are memory its code may address. */
  void (**check)(const void *, uint64_t, int32_t, uint64_t *, void *) =
      dlsym(handle, "__accemu_check");
  if (check)
    *check = emu_check;
  void **heap = dlsym(handle, "__accemu_heap");
  if (heap) {
    heap[0] = (void *)(uintptr_t)emu_malloc;
    heap[1] = (void *)(uintptr_t)emu_free;
  }
  emu_image(m);
  *module = m;
  trace("cuModuleLoadDataEx(%zu bytes of emulated device code)", bytes);
  return SUCCESS;
}
#endif

API CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned count, int *options,
                            void **values) {
  CUresult status = need_context(NAME("cuModuleLoadDataEx", "hipModuleLoadData"));
  if (status)
    return status;
  const char *ptx = image;
#ifndef MOCK_HIP
  int emulated = memcmp(image, ELFMAG, SELFMAG) == 0;
#else
  int emulated = 0;
#endif
  /* PTX must be NUL-terminated text: the mock reads it as a string. */
  size_t length = emulated ? 0 : strlen(ptx);
  const char *emulate_only = getenv("ACCMOCK_EMULATE_ONLY");
  if (!emulated && emulate_only && strcmp(emulate_only, "1") == 0)
    return fail(INVALID_IMAGE, NAME("cuModuleLoadDataEx", "hipModuleLoadData") ": a PTX image, but ACCMOCK_EMULATE_ONLY=1 asks for emulated device code");
  if (!emulated && (!strstr(ptx, ".version") || !strstr(ptx, ".target")))
    return fail(INVALID_IMAGE, NAME("cuModuleLoadDataEx", "hipModuleLoadData") ": not PTX text (%zu bytes)", length);
  char *error_log = NULL, *info_log = NULL;
  size_t error_size = 0, info_size = 0;
  for (unsigned i = 0; i < count; i++) {
    switch (options[i]) {
    case 3:
      info_log = values[i];
      break;
    case 4:
      info_size = (size_t)(uintptr_t)values[i];
      break;
    case 5:
      error_log = values[i];
      break;
    case 6:
      error_size = (size_t)(uintptr_t)values[i];
      break;
    default:
      return fail(INVALID_VALUE, NAME("cuModuleLoadDataEx", "hipModuleLoadData") ": option %d is not mocked", options[i]);
    }
  }
  if (!error_log || error_size == 0)
    return fail(INVALID_VALUE, NAME("cuModuleLoadDataEx", "hipModuleLoadData") ": the JIT error log was not asked for");
#ifndef MOCK_HIP
  if (emulated)
    return load_emulated(module, image, error_log, error_size);
#endif
  trace(NAME("cuModuleLoadDataEx", "hipModuleLoadData") "(%zu bytes of PTX)", length);
  const char *jit_fail = getenv("ACCMOCK_JIT_FAIL");
  if (jit_fail && strcmp(jit_fail, "1") == 0) {
    snprintf(error_log, error_size, "ptxas application ptx input, line 1; fatal   : mock JIT "
                                    "failure requested by ACCMOCK_JIT_FAIL");
    return INVALID_PTX;
  }
  if (info_log && info_size)
    snprintf(info_log, info_size, "mock JIT: %zu bytes", length);
  struct module *m = malloc(sizeof *m);
  if (!m || !(m->ptx = strdup(ptx))) {
    free(m);
    return OUT_OF_MEMORY;
  }
  m->elf = NULL;
  m->elf_bytes = 0;
  m->emulated = NULL;
  *module = m;
  return SUCCESS;
}

API CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  CUresult status = need_context(NAME("cuModuleGetFunction", "hipModuleGetFunction"));
  if (status)
    return status;
  if (!module || !name)
    return INVALID_HANDLE;
#ifndef MOCK_HIP
  struct module *emulated = module;
  if (emulated->emulated) {
    char symbol[300];
    if (strlen(name) >= sizeof(((struct function *)0)->name))
      return INVALID_VALUE;
    snprintf(symbol, sizeof symbol, "__accemu_entry_%s", name);
    void *entry = dlsym(emulated->emulated, symbol);
    snprintf(symbol, sizeof symbol, "__accemu_max_threads_%s", name);
    const int32_t *max_threads = dlsym(emulated->emulated, symbol);
    if (!entry || !max_threads || !dlsym(emulated->emulated, "__accemu_state"))
      return fail(NOT_FOUND, "cuModuleGetFunction: no emulated kernel %s in the module", name);
    struct function *f = calloc(1, sizeof *f);
    if (!f)
      return OUT_OF_MEMORY;
    strcpy(f->name, name);
    f->max_threads = *max_threads;
    *(void **)&f->entry = entry;
    f->module = emulated;
    *function = f;
    trace("cuModuleGetFunction(%s) max threads %d", name, f->max_threads);
    return SUCCESS;
  }
#endif
  const char *ptx = ((struct module *)module)->ptx;
  size_t n = strlen(name);
  const char *at = ptx;
  while ((at = strstr(at, ".entry ")) != NULL) {
    at += strlen(".entry ");
    if (strncmp(at, name, n) == 0 && (at[n] == '(' || at[n] == ' ' || at[n] == '\n'))
      break;
  }
  if (!at || n >= sizeof(((struct function *)0)->name))
    return fail(NOT_FOUND, NAME("cuModuleGetFunction", "hipModuleGetFunction") ": no .entry %s in the module", name);
  struct function *f = calloc(1, sizeof *f);
  if (!f)
    return OUT_OF_MEMORY;
  memcpy(f->name, name, n + 1);
  /* Directives between the parameter list and the body: .maxntid 1, 1, 1 marks one-thread
   * kernels. */
  const char *body = strchr(at, '{');
  const char *maxntid = strstr(at, ".maxntid");
  f->max_threads = 1024;
  if (maxntid && body && maxntid < body) {
    int x = 0, y = 0, z = 0;
    if (sscanf(maxntid, ".maxntid %d, %d, %d", &x, &y, &z) == 3)
      f->max_threads = x * y * z;
  }
  *function = f;
  trace(NAME("cuModuleGetFunction", "hipModuleGetFunction") "(%s) max threads %d", name, f->max_threads);
  return SUCCESS;
}

/* The symbol `name` of an AMDGPU code object's symbol tables (.symtab, .dynsym), or NULL. */
static const Elf64_Sym *elf_symbol(const struct module *m, const char *name) {
  const Elf64_Ehdr *header = (const Elf64_Ehdr *)m->elf;
  const Elf64_Shdr *sections = (const Elf64_Shdr *)(m->elf + header->e_shoff);
  for (unsigned i = 0; i < header->e_shnum; i++) {
    const Elf64_Shdr *table = &sections[i];
    if ((table->sh_type != SHT_SYMTAB && table->sh_type != SHT_DYNSYM) ||
        table->sh_link >= header->e_shnum || table->sh_entsize != sizeof(Elf64_Sym))
      continue;
    const char *strings = (const char *)m->elf + sections[table->sh_link].sh_offset;
    const Elf64_Sym *symbols = (const Elf64_Sym *)(m->elf + table->sh_offset);
    for (size_t k = 0; k < table->sh_size / sizeof(Elf64_Sym); k++)
      if (strcmp(strings + symbols[k].st_name, name) == 0)
        return &symbols[k];
  }
  return NULL;
}

/* The size of the code object's global variable `name` (0: no such object symbol). */
static size_t elf_object_size(const struct module *m, const char *name) {
  const Elf64_Sym *symbol = elf_symbol(m, name);
  return symbol && ELF64_ST_TYPE(symbol->st_info) == STT_OBJECT ? symbol->st_size : 0;
}

/* The size of the PTX `.global` variable `name`: `.global [.align A] .TYPE name[N]...;` or a
 * scalar `.global [.align A] .TYPE name;` (0: not declared). */
static size_t ptx_global_size(const char *ptx, const char *name) {
  size_t n = strlen(name);
  for (const char *at = strstr(ptx, ".global "); at; at = strstr(at + 1, ".global ")) {
    const char *end = strchr(at, ';');
    if (!end)
      return 0;
    /* The declared name: the word after the type (the last `.word` before the name). */
    const char *p = at + strlen(".global ");
    if (strncmp(p, ".align ", 7) == 0) {
      p += 7;
      while (*p >= '0' && *p <= '9')
        p++;
      while (*p == ' ')
        p++;
    }
    if (*p != '.')
      continue;
    const char *type = p + 1;
    while (*p && *p != ' ' && p < end)
      p++;
    while (*p == ' ')
      p++;
    if (strncmp(p, name, n) != 0 || (p[n] != '[' && p[n] != ';' && p[n] != ' ' && p[n] != '='))
      continue;
    size_t element = 0;
    int bits = atoi(type + 1);
    if (strchr("busf", type[0]) && (bits == 8 || bits == 16 || bits == 32 || bits == 64))
      element = (size_t)bits / 8;
    if (!element)
      return 0;
    size_t count = 1;
    for (const char *q = p + n; *q == '['; q = strchr(q, ']') + 1) {
      count *= strtoull(q + 1, NULL, 10);
      if (!strchr(q, ']'))
        return 0;
    }
    return element * count;
  }
  return 0;
}

/* Registers `bytes` at `base` as the device copy of global `name` of `module` (`host`: the
 * program's variable of that symbol, `link_bytes`: the size of a declare link variable);
 * NULL when out of memory. */
static struct global *add_global(void *module, const char *name, char *base, size_t bytes,
                                 char *host, size_t link_bytes) {
  struct global *g = calloc(1, sizeof *g);
  struct allocation *a = calloc(1, sizeof *a);
  if (!g || !a) {
    free(g);
    free(a);
    return NULL;
  }
  pthread_mutex_lock(&lock);
  a->base = base;
  a->bytes = bytes;
  a->global = 1;
  a->id = next_allocation++;
  a->next = allocations;
  allocations = a;
  g->module = module;
  strcpy(g->name, name);
  g->device = a;
  g->host = host;
  g->link_bytes = link_bytes;
  g->next = globals;
  globals = g;
  pthread_mutex_unlock(&lock);
  return g;
}

/* One device buffer per module and name, sized from the PTX declaration and zero-filled (as
 * the module's zero-initialised global); the host variable of the same symbol must be found
 * (dlsym in the program: tests/cuda.sh links the programs with -rdynamic) so that launches can
 * show the buffer to the host versions of the kernels. */
API CUresult cuModuleGetGlobal_v2(CUdeviceptr *pointer, size_t *bytes, void *module,
                              const char *name) {
  CUresult status = need_context(NAME("cuModuleGetGlobal_v2", "hipModuleGetGlobal"));
  if (status)
    return status;
  if (!module || !name || strlen(name) >= sizeof(((struct global *)0)->name))
    return INVALID_HANDLE;
  pthread_mutex_lock(&lock);
  struct global *g = globals;
  while (g && !(g->module == module && strcmp(g->name, name) == 0))
    g = g->next;
  pthread_mutex_unlock(&lock);
#ifndef MOCK_HIP
  if (!g && ((struct module *)module)->emulated) {
    /* The emulated image's own global is the device copy. */
    char *base = dlsym(((struct module *)module)->emulated, name);
    Dl_info info;
    const Elf64_Sym *symbol = NULL;
    if (!base || !dladdr1(base, &info, (void **)&symbol, RTLD_DL_SYMENT) || !symbol ||
        !symbol->st_size)
      return fail(NOT_FOUND, "cuModuleGetGlobal_v2: no global %s in the module", name);
    g = add_global(module, name, base, symbol->st_size, NULL, 0);
    if (!g)
      return OUT_OF_MEMORY;
  }
#endif
  if (!g) {
    struct module *m = module;
    size_t size = m->ptx ? ptx_global_size(m->ptx, name) : elf_object_size(m, name);
    if (!size)
      return fail(NOT_FOUND, NAME("cuModuleGetGlobal_v2", "hipModuleGetGlobal") ": no global %s in the module", name);
    int link = strncmp(name, link_prefix, strlen(link_prefix)) == 0;
    const char *host_name = link ? name + strlen(link_prefix) : name;
    char *host = dlsym(RTLD_DEFAULT, host_name);
    size_t link_bytes = 0;
    if (host && link) {
      Dl_info info;
      const Elf64_Sym *symbol = NULL;
      if (!dladdr1(host, &info, (void **)&symbol, RTLD_DL_SYMENT) || !symbol || !symbol->st_size)
        return fail(NOT_FOUND, NAME("cuModuleGetGlobal_v2", "hipModuleGetGlobal") ": no size for the link variable %s", host_name);
      link_bytes = symbol->st_size;
      if (size != sizeof(void *))
        return fail(INVALID_VALUE, NAME("cuModuleGetGlobal_v2", "hipModuleGetGlobal") ": link pointer %s has %zu bytes", name, size);
    }
    if (!host)
      return fail(NOT_FOUND,
                  NAME("cuModuleGetGlobal_v2", "hipModuleGetGlobal") ": the program has no symbol %s to run its kernels' host "
                  "versions on (link it with -rdynamic)",
                  name);
    char *base = calloc(1, size);
    g = base ? add_global(module, name, base, size, host, link_bytes) : NULL;
    if (!g) {
      free(base);
      return OUT_OF_MEMORY;
    }
  }
  *pointer = (CUdeviceptr)(uintptr_t)g->device->base;
  if (bytes)
    *bytes = g->device->bytes;
  trace(NAME("cuModuleGetGlobal_v2", "hipModuleGetGlobal") "(%s) = d%d, %zu bytes", name, g->device->id, g->device->bytes);
  return SUCCESS;
}

API CUresult cuFuncGetAttribute(int *value, int attribute, void *function) {
  if (!function)
    return INVALID_HANDLE;
  if (attribute != 0)
    return fail(INVALID_VALUE, NAME("cuFuncGetAttribute", "hipFuncGetAttribute") ": attribute %d is not mocked", attribute);
  *value = ((struct function *)function)->max_threads;
  return SUCCESS;
}

/* The range a `declare link` pointer global reaches: [p, p + host size), p read from its
 * device buffer (caller holds the lock). Calls `each(allocation part, offset in the variable,
 * bytes)` for every live allocation that range overlaps. */
static void link_parts(struct global *g, void (*each)(char *, size_t, size_t, struct global *, char *),
                       char *view) {
  uintptr_t p;
  memcpy(&p, g->device->base, sizeof p);
  if (!p)
    return;
  uintptr_t end = p + g->link_bytes;
  for (struct allocation *a = allocations; a; a = a->next) {
    uintptr_t lo = (uintptr_t)a->base, hi = lo + a->bytes;
    if (a->global || hi <= p || lo >= end)
      continue;
    uintptr_t from = lo > p ? lo : p, to = hi < end ? hi : end;
    each((char *)from, from - p, to - from, g, view);
  }
}

static void show_part(char *device, size_t offset, size_t bytes, struct global *g, char *view) {
  (void)g;
  memcpy(view + offset, device, bytes);
}

/* After the launch: bytes of the host variable the kernel changed go to the device. */
static void store_part(char *device, size_t offset, size_t bytes, struct global *g, char *shown) {
  for (size_t i = 0; i < bytes; i++)
    if (g->host[offset + i] != shown[offset + i])
      device[i] = g->host[offset + i];
}

/* What the kernel sees through a link pointer: garbage where it reaches no device data. */
static void link_show(struct global *g, char *view) {
  memset(view, 0xA5, g->link_bytes);
  link_parts(g, show_part, view);
}

static void link_store(struct global *g, char *shown) {
  pthread_mutex_lock(&lock);
  link_parts(g, store_part, shown);
  pthread_mutex_unlock(&lock);
}

/* The hook libaccrt calls just before cuLaunchKernel (runtime/src/gpudev.rs). */
void accmock_host_launch(host_kernel host, finish_fn finish, int64_t gangs, void **args) {
  pending.host = host;
  pending.finish = finish;
  pending.gangs = gangs;
  pending.args = args;
}

API CUresult cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, void *stream, void **params,
                        void **extra) {
  CUresult status = need_context(NAME("cuLaunchKernel", "hipModuleLaunchKernel"));
  if (status)
    return status;
  struct function *f = function;
  char s[32];
  if (!f)
    return INVALID_HANDLE;
  trace(NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s, grid %ux%ux%u, block %ux%ux%u, %s)", f->name, gx, gy, gz, bx, by,
        bz, stream_name(stream, s, sizeof s));
  if (!pending.host)
    return fail(LAUNCH_FAILED, NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s): accmock_host_launch was not called first",
                f->name);
  if (!params || params != pending.args || extra)
    return fail(INVALID_VALUE, NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s): not the argument array of the launch",
                f->name);
  if (gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 || shared != 0)
    return fail(INVALID_VALUE, NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s): empty grid or block", f->name);
  if ((long long)bx * by * bz > f->max_threads)
    return fail(INVALID_VALUE, NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s): block %ux%ux%u exceeds its %d threads",
                f->name, bx, by, bz, f->max_threads);
  /* Argument 0 is the gang count G = G1*G2*G3, which must be the grid. */
  int64_t gangs = *(int64_t *)params[0];
  if (gangs != (int64_t)gx * gy * gz || gangs != pending.gangs)
    return fail(INVALID_VALUE, NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s): argument 0 says %lld gangs, grid %ux%ux%u",
                f->name, (long long)gangs, gx, gy, gz);
  host_kernel host = pending.host;
  finish_fn finish = pending.finish;
  pending.host = NULL;
#ifndef MOCK_HIP
  if (f->entry) {
    unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    return emulate_launch(f, grid, block, params);
  }
#endif
  /* The host version reads and writes the host variables of module globals: for the launch,
   * each holds its device buffer's bytes. Afterwards the bytes the kernel changed through the
   * host variable go to the buffer (bytes it wrote through a device address are already
   * there), and the host variable gets its own bytes back. */
  struct saved {
    struct global *g;
    char *host_bytes, *shown;
    struct saved *next;
  } *saved = NULL;
  pthread_mutex_lock(&lock);
  for (struct global *g = globals; g; g = g->next) {
    if (!g->host)
      continue; /* an emulated image's global */
    struct saved *s = malloc(sizeof *s);
    size_t n = g->link_bytes ? g->link_bytes : g->device->bytes;
    if (!s || !(s->host_bytes = malloc(n)) || !(s->shown = malloc(n))) {
      pthread_mutex_unlock(&lock);
      return fail(OUT_OF_MEMORY, NAME("cuLaunchKernel", "hipModuleLaunchKernel") "(%s): no memory to swap globals", f->name);
    }
    s->g = g;
    memcpy(s->host_bytes, g->host, n);
    if (g->link_bytes)
      link_show(g, s->shown);
    else
      memcpy(s->shown, g->device->base, n);
    memcpy(g->host, s->shown, n);
    s->next = saved;
    saved = s;
  }
  pthread_mutex_unlock(&lock);
  host(params, 0, gangs, 0);
  if (finish)
    finish(params, 1);
  while (saved) {
    struct saved *s = saved;
    size_t n = s->g->link_bytes ? s->g->link_bytes : s->g->device->bytes;
    if (s->g->link_bytes)
      link_store(s->g, s->shown);
    else
      for (size_t i = 0; i < n; i++)
        if (s->g->host[i] != s->shown[i])
          s->g->device->base[i] = s->g->host[i];
    memcpy(s->g->host, s->host_bytes, n);
    saved = s->next;
    free(s->host_bytes);
    free(s->shown);
    free(s);
  }
  return SUCCESS;
}

static const char *error_name(CUresult status) {
  switch (status) {
  case SUCCESS: return "CUDA_SUCCESS";
  case INVALID_VALUE: return "CUDA_ERROR_INVALID_VALUE";
  case OUT_OF_MEMORY: return "CUDA_ERROR_OUT_OF_MEMORY";
  case NOT_INITIALIZED: return "CUDA_ERROR_NOT_INITIALIZED";
  case NO_DEVICE: return "CUDA_ERROR_NO_DEVICE";
  case INVALID_DEVICE: return "CUDA_ERROR_INVALID_DEVICE";
  case INVALID_IMAGE: return "CUDA_ERROR_INVALID_IMAGE";
  case INVALID_CONTEXT: return "CUDA_ERROR_INVALID_CONTEXT";
  case INVALID_PTX: return "CUDA_ERROR_INVALID_PTX";
  case INVALID_HANDLE: return "CUDA_ERROR_INVALID_HANDLE";
  case NOT_FOUND: return "CUDA_ERROR_NOT_FOUND";
  case ILLEGAL_ADDRESS: return "CUDA_ERROR_ILLEGAL_ADDRESS";
  case LAUNCH_FAILED: return "CUDA_ERROR_LAUNCH_FAILED";
  default: return NULL;
  }
}

API CUresult cuGetErrorName(CUresult status, const char **name) {
  *name = error_name(status);
  return *name ? SUCCESS : INVALID_VALUE;
}

API CUresult cuGetErrorString(CUresult status, const char **text) {
  switch (status) {
  case NO_DEVICE: *text = "no CUDA-capable device is detected"; break;
  case INVALID_PTX: *text = "a PTX JIT compilation failed"; break;
  case INVALID_VALUE: *text = "invalid argument"; break;
  case OUT_OF_MEMORY: *text = "out of memory"; break;
  case ILLEGAL_ADDRESS: *text = "an illegal memory access was encountered"; break;
  default: *text = error_name(status) ? "mock CUDA error" : NULL;
  }
  return *text ? SUCCESS : INVALID_VALUE;
}

#ifdef MOCK_HIP
/* ---- The HIP runtime API (libamdhip64.so): the same mock under the names runtime/src/hip.rs
 * resolves. HIP has a current device per thread instead of contexts: hipSetDevice makes the
 * device's "context" current. hipModuleLoadData takes an AMDGPU code object: it must be a
 * 64-bit ELF for EM_AMDGPU whose e_flags name the mock device's architecture (ACCMOCK_GFX:
 * gfx908, gfx90a (the default) or gfx942; another one is hipErrorNoBinaryForGpu, as a real
 * device refuses a code object for another gfx); hipModuleGetFunction needs the kernel's
 * symbol and its `.kd` descriptor, and reads its `.max_flat_workgroup_size` from the metadata
 * note; hipModuleGetGlobal sizes a global from its ELF symbol. */
typedef int hipError_t;
enum { NO_BINARY_FOR_GPU = 209 };

/* A msgpack unsigned integer at `p` (positive fixint, uint8/16/32), or -1. */
static long msgpack_uint(const unsigned char *p, const unsigned char *end) {
  if (p < end && *p < 0x80)
    return *p;
  if (p + 1 < end && *p == 0xcc)
    return p[1];
  if (p + 2 < end && *p == 0xcd)
    return (long)p[1] << 8 | p[2];
  if (p + 4 < end && *p == 0xce)
    return (long)p[1] << 24 | (long)p[2] << 16 | (long)p[3] << 8 | p[4];
  return -1;
}

/* Kernel `name`'s `.max_flat_workgroup_size` in the code object's metadata note (msgpack; the
 * keys of a kernel's map are sorted, so it comes before the kernel's `.name`), or -1. */
static long elf_max_workgroup(const struct module *m, const char *name) {
  static const char name_key[] = "\xa5.name", size_key[] = "\xb8.max_flat_workgroup_size";
  const unsigned char *begin = m->elf, *end = m->elf + m->elf_bytes;
  size_t n = strlen(name);
  for (const unsigned char *at = begin; at + 6 < end; at++) {
    if (memcmp(at, name_key, 6) != 0)
      continue;
    const unsigned char *value = at + 6;
    size_t length = 0;
    if (*value >= 0xa0 && *value <= 0xbf)
      length = *value++ & 0x1f;
    else if (*value == 0xd9 && value + 1 < end)
      length = value[1], value += 2;
    else
      continue;
    if (length != n || value + n > end || memcmp(value, name, n) != 0)
      continue;
    for (const unsigned char *key = at; key >= begin; key--)
      if (key + 25 < end && memcmp(key, size_key, 25) == 0)
        return msgpack_uint(key + 25, end);
    return -1;
  }
  return -1;
}

hipError_t hipInit(unsigned flags) { return cuInit(flags); }

hipError_t hipDriverGetVersion(int *version) {
  if (!version)
    return INVALID_VALUE;
  *version = 60342134; /* HIP 6.3 */
  return SUCCESS;
}

hipError_t hipGetDeviceCount(int *count) {
  CUresult status = cuDeviceGetCount(count);
  return status ? status : *count == 0 ? NO_DEVICE : SUCCESS;
}

hipError_t hipSetDevice(int device) {
  if (!initialised)
    return fail(NOT_INITIALIZED, "hipSetDevice before hipInit");
  if (device < 0 || device >= device_count())
    return fail(INVALID_DEVICE, "hipSetDevice: no device %d", device);
  current_context = &contexts[device];
  return SUCCESS;
}

hipError_t hipDeviceGetName(char *name, int length, int device) {
  return cuDeviceGetName(name, length, device);
}
hipError_t hipDeviceTotalMem(size_t *bytes, int device) { return cuDeviceTotalMem_v2(bytes, device); }

hipError_t hipDeviceGetAttribute(int *value, int attribute, int device) {
  switch (attribute) {
  case 56: /* hipDeviceAttributeMaxThreadsPerBlock */
    return cuDeviceGetAttribute(value, 1, device);
  case 57: /* hipDeviceAttributeMaxThreadsPerMultiProcessor */
    return cuDeviceGetAttribute(value, 39, device);
  case 63: /* hipDeviceAttributeMultiprocessorCount */
    return cuDeviceGetAttribute(value, 16, device);
  default:
    return fail(INVALID_VALUE, "hipDeviceGetAttribute: attribute %d is not mocked", attribute);
  }
}

hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total) { return cuMemGetInfo_v2(free_bytes, total); }
hipError_t hipMalloc(void **pointer, size_t bytes) {
  return cuMemAlloc_v2((CUdeviceptr *)pointer, bytes);
}
hipError_t hipFree(void *pointer) { return cuMemFree_v2((CUdeviceptr)(uintptr_t)pointer); }
hipError_t hipMemcpyHtoD(void *to, const void *from, size_t bytes) {
  return copy("hipMemcpyHtoD", 1, 0, to, from, bytes, NULL);
}
hipError_t hipMemcpyDtoH(void *to, void *from, size_t bytes) {
  return copy("hipMemcpyDtoH", 0, 1, to, from, bytes, NULL);
}
hipError_t hipMemcpyDtoD(void *to, void *from, size_t bytes) {
  return copy("hipMemcpyDtoD", 1, 1, to, from, bytes, NULL);
}
hipError_t hipMemcpyHtoDAsync(void *to, const void *from, size_t bytes, void *stream) {
  return cuMemcpyHtoDAsync_v2((CUdeviceptr)(uintptr_t)to, from, bytes, stream);
}
hipError_t hipMemcpyDtoHAsync(void *to, void *from, size_t bytes, void *stream) {
  return cuMemcpyDtoHAsync_v2(to, (CUdeviceptr)(uintptr_t)from, bytes, stream);
}
hipError_t hipMemcpyDtoDAsync(void *to, void *from, size_t bytes, void *stream) {
  return cuMemcpyDtoDAsync_v2((CUdeviceptr)(uintptr_t)to, (CUdeviceptr)(uintptr_t)from, bytes,
                              stream);
}
hipError_t hipMemsetD8(void *to, unsigned char value, size_t bytes) {
  return cuMemsetD8_v2((CUdeviceptr)(uintptr_t)to, value, bytes);
}
hipError_t hipMemsetD8Async(void *to, unsigned char value, size_t bytes, void *stream) {
  return cuMemsetD8Async((CUdeviceptr)(uintptr_t)to, value, bytes, stream);
}
hipError_t hipStreamCreateWithFlags(void **stream, unsigned flags) { return cuStreamCreate(stream, flags); }
hipError_t hipStreamSynchronize(void *stream) { return cuStreamSynchronize(stream); }
hipError_t hipStreamQuery(void *stream) { return cuStreamQuery(stream); }
hipError_t hipStreamWaitEvent(void *stream, void *event, unsigned flags) {
  return cuStreamWaitEvent(stream, event, flags);
}
hipError_t hipEventCreateWithFlags(void **event, unsigned flags) { return cuEventCreate(event, flags); }
hipError_t hipEventRecord(void *event, void *stream) { return cuEventRecord(event, stream); }
hipError_t hipEventDestroy(void *event) { return cuEventDestroy_v2(event); }
hipError_t hipEventQuery(void *event) { return cuEventQuery(event); }
hipError_t hipEventSynchronize(void *event) { return cuEventSynchronize(event); }
hipError_t hipEventElapsedTime(float *ms, void *start, void *end) {
  return cuEventElapsedTime(ms, start, end);
}
hipError_t hipLaunchHostFunc(void *stream, void (*function)(void *), void *data) {
  return cuLaunchHostFunc(stream, function, data);
}

/* The EF_AMDGPU_MACH value of the mock device's architecture (0: unknown name). */
static unsigned device_mach(const char **gfx) {
  const char *env = getenv("ACCMOCK_GFX");
  *gfx = env && *env ? env : "gfx90a";
  if (strcmp(*gfx, "gfx908") == 0)
    return 0x30;
  if (strcmp(*gfx, "gfx90a") == 0)
    return 0x3f;
  if (strcmp(*gfx, "gfx942") == 0)
    return 0x4c;
  return 0;
}

hipError_t hipModuleLoadData(void **module, const void *image) {
  CUresult status = need_context("hipModuleLoadData");
  if (status)
    return status;
  const Elf64_Ehdr *header = image;
  if (!image || memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_machine != 224 /* EM_AMDGPU */ ||
      header->e_shentsize != sizeof(Elf64_Shdr) || header->e_shnum == 0)
    return fail(INVALID_IMAGE, "hipModuleLoadData: not a 64-bit AMDGPU ELF code object");
  const char *gfx;
  unsigned mach = device_mach(&gfx);
  if (!mach)
    return fail(INVALID_VALUE, "hipModuleLoadData: ACCMOCK_GFX=%s is not mocked", gfx);
  if ((header->e_flags & 0xff) != mach)
    return fail(NO_BINARY_FOR_GPU,
                "hipModuleLoadData: the code object is for EF_AMDGPU_MACH %#x, the device is "
                "%s (%#x)",
                header->e_flags & 0xff, gfx, mach);
  /* The section headers come last: the image's size. */
  size_t bytes = header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr);
  struct module *m = malloc(sizeof *m);
  unsigned char *copy = malloc(bytes);
  if (!m || !copy) {
    free(m);
    free(copy);
    return OUT_OF_MEMORY;
  }
  memcpy(copy, image, bytes);
  m->ptx = NULL;
  m->elf = copy;
  m->elf_bytes = bytes;
  *module = m;
  trace("hipModuleLoadData(%s code object)", gfx);
  return SUCCESS;
}

hipError_t hipModuleGetFunction(void **function, void *module, const char *name) {
  CUresult status = need_context("hipModuleGetFunction");
  if (status)
    return status;
  struct module *m = module;
  if (!m || !m->elf || !name)
    return INVALID_HANDLE;
  size_t n = strlen(name);
  char descriptor[300];
  if (n >= sizeof(((struct function *)0)->name))
    return INVALID_VALUE;
  snprintf(descriptor, sizeof descriptor, "%s.kd", name);
  const Elf64_Sym *symbol = elf_symbol(m, name);
  if (!symbol || ELF64_ST_TYPE(symbol->st_info) != STT_FUNC || !elf_symbol(m, descriptor))
    return fail(NOT_FOUND, "hipModuleGetFunction: no kernel %s (symbol and %s) in the module",
                name, descriptor);
  long max_threads = elf_max_workgroup(m, name);
  if (max_threads <= 0)
    return fail(INVALID_IMAGE, "hipModuleGetFunction: no .max_flat_workgroup_size for %s", name);
  struct function *f = calloc(1, sizeof *f);
  if (!f)
    return OUT_OF_MEMORY;
  memcpy(f->name, name, n + 1);
  f->max_threads = (int)max_threads;
  *function = f;
  trace("hipModuleGetFunction(%s) max threads %d", name, f->max_threads);
  return SUCCESS;
}

hipError_t hipModuleGetGlobal(void **pointer, size_t *bytes, void *module, const char *name) {
  return cuModuleGetGlobal_v2((CUdeviceptr *)pointer, bytes, module, name);
}

hipError_t hipFuncGetAttribute(int *value, int attribute, void *function) {
  return cuFuncGetAttribute(value, attribute, function);
}

hipError_t hipModuleLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz,
                                 unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                 void *stream, void **params, void **extra) {
  return cuLaunchKernel(function, gx, gy, gz, bx, by, bz, shared, stream, params, extra);
}

const char *hipGetErrorName(hipError_t status) {
  switch (status) {
  case SUCCESS: return "hipSuccess";
  case INVALID_VALUE: return "hipErrorInvalidValue";
  case OUT_OF_MEMORY: return "hipErrorOutOfMemory";
  case NOT_INITIALIZED: return "hipErrorNotInitialized";
  case NO_DEVICE: return "hipErrorNoDevice";
  case INVALID_DEVICE: return "hipErrorInvalidDevice";
  case INVALID_IMAGE: return "hipErrorInvalidImage";
  case INVALID_CONTEXT: return "hipErrorInvalidContext";
  case NO_BINARY_FOR_GPU: return "hipErrorNoBinaryForGpu";
  case INVALID_HANDLE: return "hipErrorInvalidHandle";
  case NOT_FOUND: return "hipErrorNotFound";
  case LAUNCH_FAILED: return "hipErrorLaunchFailure";
  default: return "hipErrorUnknown";
  }
}

const char *hipGetErrorString(hipError_t status) {
  switch (status) {
  case NO_DEVICE: return "no ROCm-capable device is detected";
  case NO_BINARY_FOR_GPU: return "no kernel image is available for execution on the device";
  case INVALID_VALUE: return "invalid argument";
  case OUT_OF_MEMORY: return "out of memory";
  default: return "mock HIP error";
  }
}
#endif
