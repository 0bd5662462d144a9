//! The `nvidia` device: the CUDA driver API (`libcuda.so.1`, opened with `dlopen` when the
//! program first asks for an NVIDIA device; no CUDA toolkit is needed to build libaccrt).
//!
//! * Symbols: the versioned names `cuda.h` maps to (`cuMemAlloc_v2`, `cuMemcpyHtoD_v2`, ...;
//!   the plain names are the old 32-bit ABI). Every call's `CUresult` is checked: a failure ends
//!   the program with `accrt: error: CUDA driver call <name> failed: <cuGetErrorName>
//!   (<cuGetErrorString>)`, except `cuMemAlloc_v2` running out of memory, which the present
//!   table reports as the OpenACC out-of-memory error naming the variable.
//! * Context: each device's primary context, retained once (`cuDevicePrimaryCtxRetain`) and made
//!   current on every host thread that uses the device (`cuCtxSetCurrent`, remembered per
//!   thread).
//! * Queues: synchronous work (`queue == None`) uses the blocking copies (`cuMemcpyHtoD_v2`...)
//!   and, for kernels and fills, a private non-blocking stream that is synchronised before the
//!   call returns; async queue `n` is its own non-blocking `CUstream`, created on first use, so
//!   synchronous work never waits for a queue it was not told to. `join` records an event on
//!   the waited stream and makes the waiter wait for it (`cuEventRecord` +
//!   `cuStreamWaitEvent`); host callbacks are `cuLaunchHostFunc`. Freeing memory on a queue
//!   synchronises that stream first (`cuMemFree_v2` may not be called from a host function).
//! * Kernels: on a kernel's first launch the PTX image that lists it is loaded
//!   (`cuModuleLoadDataEx` with the JIT info and error logs; a failed load prints the error
//!   log) and its `CUfunction` and `CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK` are cached. The
//!   grid and block follow the launch ABI of `codegen/src/device/mod.rs`: `gridDim` = the gang
//!   counts `{G1, G2, G3}` of argument 0, `blockDim` = `(V, W, 1)` with V = `vector_length`
//!   (default 128) and W = `num_workers` (default 1), capped by the kernel's maximum, and
//!   `(1, 1, 1)` for kernels compiled for one-thread blocks (maximum 1). Without `num_gangs`
//!   the generated code asks [`Device::num_threads`] for the gang count: here the device's
//!   resident 128-thread blocks, SMs × (max threads per SM / 128).
//! * Globals: an image that defines globals (device copies of declared globals, listed with
//!   their host addresses at registration) is loaded when the device starts, and each global's
//!   address (`cuModuleGetGlobal_v2`) is entered into the present table for its host variable
//!   (`Runtime::bind_globals`); its kernels then come from the same module.
//! * A kernel that is in no image (the link kept its region on the host, with a
//!   `-fopt-info-acc` remark) is never run on the host with device addresses: the launch stops
//!   the program with an error naming the kernel and the construct ([`Device::missing_kernel`]).
//!   Regions that were not offloaded at all run their host fallback: the runtime copies every
//!   present section to the host first and back afterwards (`Runtime::sync_for_fallback`).
//!
//! # The test double's hook
//! When the loaded driver library exports `accmock_host_launch` (the mock driver of
//! `tests/mockcuda/`, which implements the driver calls on the host with separately allocated
//! "device" buffers), every launch calls it just before `cuLaunchKernel` with the kernel's host
//! version, its finish function (or null), the gang count G and the same argument array
//! `cuLaunchKernel` gets: `void accmock_host_launch(__accrt_host_kernel host, __accrt_finish
//! finish, int64_t gangs, void **args)`. The mock runs `host(args, 0, G, 0)` in its
//! `cuLaunchKernel`, on the device buffers the arguments name. A real driver has no such symbol.
//!
//! This is one of the runtime's FFI modules.

#![allow(unsafe_code)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::abi::{Finish, HostKernel, KernelArgs};
use crate::device::{Device, DeviceKind, Launch, Properties};
use crate::error::fatal;
use crate::images::{self, ImageKind};
use crate::queue::{QueueId, QueueJob};

type CuResult = c_int;
type CuDevice = c_int;
type CuDevicePtr = u64;
type Handle = *mut c_void;

const CUDA_SUCCESS: CuResult = 0;
const CUDA_ERROR_OUT_OF_MEMORY: CuResult = 2;
const CUDA_ERROR_NOT_READY: CuResult = 600;
const CU_STREAM_NON_BLOCKING: c_uint = 1;
const CU_EVENT_DISABLE_TIMING: c_uint = 2;
const CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: c_int = 16;
const CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: c_int = 75;
const CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: c_int = 76;
const CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: c_int = 39;
const CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: c_int = 0;
const CU_JIT_INFO_LOG_BUFFER: c_int = 3;
const CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES: c_int = 4;
const CU_JIT_ERROR_LOG_BUFFER: c_int = 5;
const CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;
/// The default vector length (whole warps) and the grid's largest y and z dimensions.
const DEFAULT_VECTOR: u32 = 128;
const MAX_GRID_YZ: i64 = 65535;
const LOG_BYTES: usize = 16 * 1024;

/// The mock driver's launch hook (see the module documentation).
type MockLaunch = unsafe extern "C" fn(Option<HostKernel>, Option<Finish>, i64, *mut *mut c_void);
type HostFunc = unsafe extern "C" fn(*mut c_void);

/// Declares the driver entry points: field name, exported symbol, parameter types.
macro_rules! driver_api {
    ($($field:ident = $symbol:literal ($($arg:ty),*);)*) => {
        /// The driver entry points libaccrt uses.
        struct Api {
            $($field: unsafe extern "C" fn($($arg),*) -> CuResult,)*
        }

        impl Api {
            /// # Safety
            /// `handle` is a live handle of a library exporting these symbols with these types.
            unsafe fn load(handle: Handle) -> Result<Api, String> {
                Ok(Api {
                    $($field: {
                        let address = symbol(handle, $symbol)
                            .ok_or_else(|| format!("it lacks the symbol {}", $symbol))?;
                        // SAFETY: the CUDA driver exports this symbol with this C signature
                        // (cuda.h); a data pointer and a function pointer have the same size.
                        unsafe {
                            std::mem::transmute::<*mut c_void, unsafe extern "C" fn($($arg),*) -> CuResult>(address)
                        }
                    },)*
                })
            }
        }
    };
}

driver_api! {
    init = "cuInit"(c_uint);
    driver_get_version = "cuDriverGetVersion"(*mut c_int);
    device_get_count = "cuDeviceGetCount"(*mut c_int);
    device_get = "cuDeviceGet"(*mut CuDevice, c_int);
    device_get_name = "cuDeviceGetName"(*mut c_char, c_int, CuDevice);
    device_total_mem = "cuDeviceTotalMem_v2"(*mut usize, CuDevice);
    device_get_attribute = "cuDeviceGetAttribute"(*mut c_int, c_int, CuDevice);
    primary_ctx_retain = "cuDevicePrimaryCtxRetain"(*mut Handle, CuDevice);
    ctx_set_current = "cuCtxSetCurrent"(Handle);
    mem_get_info = "cuMemGetInfo_v2"(*mut usize, *mut usize);
    mem_alloc = "cuMemAlloc_v2"(*mut CuDevicePtr, usize);
    mem_free = "cuMemFree_v2"(CuDevicePtr);
    memcpy_htod = "cuMemcpyHtoD_v2"(CuDevicePtr, *const c_void, usize);
    memcpy_dtoh = "cuMemcpyDtoH_v2"(*mut c_void, CuDevicePtr, usize);
    memcpy_dtod = "cuMemcpyDtoD_v2"(CuDevicePtr, CuDevicePtr, usize);
    memcpy_htod_async = "cuMemcpyHtoDAsync_v2"(CuDevicePtr, *const c_void, usize, Handle);
    memcpy_dtoh_async = "cuMemcpyDtoHAsync_v2"(*mut c_void, CuDevicePtr, usize, Handle);
    memcpy_dtod_async = "cuMemcpyDtoDAsync_v2"(CuDevicePtr, CuDevicePtr, usize, Handle);
    memset_d8 = "cuMemsetD8_v2"(CuDevicePtr, u8, usize);
    memset_d8_async = "cuMemsetD8Async"(CuDevicePtr, u8, usize, Handle);
    stream_create = "cuStreamCreate"(*mut Handle, c_uint);
    stream_synchronize = "cuStreamSynchronize"(Handle);
    stream_query = "cuStreamQuery"(Handle);
    stream_wait_event = "cuStreamWaitEvent"(Handle, Handle, c_uint);
    event_create = "cuEventCreate"(*mut Handle, c_uint);
    event_record = "cuEventRecord"(Handle, Handle);
    event_destroy = "cuEventDestroy_v2"(Handle);
    launch_host_func = "cuLaunchHostFunc"(Handle, HostFunc, *mut c_void);
    module_load_data_ex = "cuModuleLoadDataEx"(*mut Handle, *const c_void, c_uint, *mut c_int, *mut *mut c_void);
    module_get_function = "cuModuleGetFunction"(*mut Handle, Handle, *const c_char);
    module_get_global = "cuModuleGetGlobal_v2"(*mut CuDevicePtr, *mut usize, Handle, *const c_char);
    func_get_attribute = "cuFuncGetAttribute"(*mut c_int, c_int, Handle);
    launch_kernel = "cuLaunchKernel"(Handle, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, Handle, *mut *mut c_void, *mut *mut c_void);
    get_error_name = "cuGetErrorName"(CuResult, *mut *const c_char);
    get_error_string = "cuGetErrorString"(CuResult, *mut *const c_char);
}

/// `dlsym`, null as `None`.
fn symbol(handle: Handle, name: &str) -> Option<*mut c_void> {
    let name = CString::new(name).ok()?;
    // SAFETY: a live handle and a NUL-terminated name.
    let address = unsafe { libc::dlsym(handle, name.as_ptr()) };
    (!address.is_null()).then_some(address)
}

/// The loaded driver: its entry points, the mock's hook if any, and the device count.
struct Driver {
    api: Api,
    mock_launch: Option<MockLaunch>,
    devices: i32,
    version: i32,
}

// SAFETY: the driver API is thread-safe; the struct holds only function pointers and numbers.
unsafe impl Send for Driver {}
// SAFETY: as above.
unsafe impl Sync for Driver {}

/// The driver, loaded and initialised on first use; the error says why it cannot be used.
fn driver() -> Result<&'static Driver, String> {
    static DRIVER: OnceLock<Result<Driver, String>> = OnceLock::new();
    DRIVER.get_or_init(load).as_ref().map_err(Clone::clone)
}

fn load() -> Result<Driver, String> {
    const LIBRARY: &str = "libcuda.so.1";
    let name = CString::new(LIBRARY).map_err(|error| error.to_string())?;
    // SAFETY: a NUL-terminated name; the library stays loaded for the life of the process.
    let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if handle.is_null() {
        // SAFETY: dlerror returns null or a NUL-terminated string, copied at once.
        let text = unsafe { libc::dlerror() };
        let reason = if text.is_null() {
            "unknown error".to_string()
        } else {
            // SAFETY: non-null and NUL-terminated.
            unsafe { CStr::from_ptr(text) }
                .to_string_lossy()
                .into_owned()
        };
        return Err(format!(
            "the CUDA driver library {LIBRARY} cannot be loaded ({reason})"
        ));
    }
    // SAFETY: the handle of libcuda, which exports the driver API.
    let api = unsafe { Api::load(handle) }
        .map_err(|error| format!("the CUDA driver library {LIBRARY} is unusable: {error}"))?;
    let mock_launch = symbol(handle, "accmock_host_launch").map(|address| {
        // SAFETY: the mock driver exports the hook with this signature (module documentation).
        unsafe { std::mem::transmute::<*mut c_void, MockLaunch>(address) }
    });
    let mut driver = Driver {
        api,
        mock_launch,
        devices: 0,
        version: 0,
    };
    // SAFETY: plain driver calls with valid out-pointers.
    let status = unsafe { (driver.api.init)(0) };
    if status != CUDA_SUCCESS {
        return Err(format!(
            "the CUDA driver cannot be initialised: cuInit failed: {}",
            driver.describe(status)
        ));
    }
    let mut count = 0;
    // SAFETY: as above.
    driver.call("cuDeviceGetCount", unsafe {
        (driver.api.device_get_count)(&mut count)
    });
    let mut version = 0;
    // SAFETY: as above.
    driver.call("cuDriverGetVersion", unsafe {
        (driver.api.driver_get_version)(&mut version)
    });
    if count <= 0 {
        return Err("the CUDA driver finds no device".to_string());
    }
    driver.devices = count;
    driver.version = version;
    Ok(driver)
}

impl Driver {
    /// `NAME (description)` of a `CUresult`.
    fn describe(&self, status: CuResult) -> String {
        let mut name: *const c_char = std::ptr::null();
        let mut text: *const c_char = std::ptr::null();
        // SAFETY: out-pointers; the driver returns static strings (or leaves them null).
        unsafe {
            (self.api.get_error_name)(status, &mut name);
            (self.api.get_error_string)(status, &mut text);
        }
        let read = |pointer: *const c_char| {
            if pointer.is_null() {
                None
            } else {
                // SAFETY: a non-null static NUL-terminated string of the driver.
                Some(
                    unsafe { CStr::from_ptr(pointer) }
                        .to_string_lossy()
                        .into_owned(),
                )
            }
        };
        match (read(name), read(text)) {
            (Some(name), Some(text)) => format!("{name} ({text})"),
            (Some(name), None) => name,
            _ => format!("CUresult {status}"),
        }
    }

    /// Ends the program when a driver call failed.
    fn call(&self, name: &str, status: CuResult) {
        if status != CUDA_SUCCESS {
            fatal(format!(
                "CUDA driver call {name} failed: {}",
                self.describe(status)
            ));
        }
    }
}

/// How many NVIDIA devices this process can use, or why it can use none.
pub fn device_count() -> Result<i32, String> {
    driver().map(|driver| driver.devices)
}

thread_local! {
    /// The context current on this thread (as set by [`CudaDevice::enter`]).
    static CURRENT: RefCell<usize> = const { RefCell::new(0) };
    /// Set while the mock driver runs a kernel's host version on this thread (`acc_on_device`).
    static IN_MOCK_KERNEL: RefCell<bool> = const { RefCell::new(false) };
}

/// Whether this thread is running a kernel for the mock driver (its code then stands for device
/// code: `acc_on_device(acc_device_nvidia)` is true there).
pub fn in_mock_kernel() -> bool {
    IN_MOCK_KERNEL.with(|flag| *flag.borrow())
}

/// What a device learns when it starts.
#[derive(Debug)]
struct State {
    device: CuDevice,
    context: usize,
    /// The stream of synchronous kernels and fills.
    sync_stream: usize,
    resident_blocks: usize,
    /// Compute capability as `major * 10 + minor` (90 for sm_90).
    capability: i32,
}

/// A cached kernel: its `CUfunction` and the most threads a block may have.
#[derive(Clone, Copy, Debug)]
struct Function {
    function: usize,
    max_threads: i32,
}

/// One NVIDIA GPU.
#[derive(Debug)]
pub struct CudaDevice {
    ordinal: i32,
    state: OnceLock<State>,
    streams: Mutex<HashMap<QueueId, usize>>,
    functions: Mutex<HashMap<String, Option<Function>>>,
    /// Loaded modules by image index.
    modules: Mutex<HashMap<usize, usize>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The driver, which exists once a `CudaDevice` was created (see [`CudaDevice::new`]).
fn api() -> &'static Driver {
    match driver() {
        Ok(driver) => driver,
        Err(reason) => fatal(format!("no nvidia device is available: {reason}")),
    }
}

impl CudaDevice {
    /// Device `ordinal` of the driver (which [`device_count`] found usable).
    pub fn new(ordinal: i32) -> CudaDevice {
        CudaDevice {
            ordinal,
            state: OnceLock::new(),
            streams: Mutex::new(HashMap::new()),
            functions: Mutex::new(HashMap::new()),
            modules: Mutex::new(HashMap::new()),
        }
    }

    fn state(&self) -> &State {
        self.state.get_or_init(|| {
            let driver = api();
            let mut device = 0;
            // SAFETY: driver calls with valid out-pointers.
            driver.call("cuDeviceGet", unsafe {
                (driver.api.device_get)(&mut device, self.ordinal)
            });
            let mut context: Handle = std::ptr::null_mut();
            // SAFETY: as above; the primary context is retained once for the process.
            driver.call("cuDevicePrimaryCtxRetain", unsafe {
                (driver.api.primary_ctx_retain)(&mut context, device)
            });
            // SAFETY: a context the driver returned.
            driver.call("cuCtxSetCurrent", unsafe {
                (driver.api.ctx_set_current)(context)
            });
            CURRENT.with(|current| *current.borrow_mut() = context as usize);
            let attribute = |which: c_int, name: &str| {
                let mut value = 0;
                // SAFETY: as above.
                driver.call(name, unsafe {
                    (driver.api.device_get_attribute)(&mut value, which, device)
                });
                value
            };
            let sms = attribute(
                CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                "cuDeviceGetAttribute",
            );
            let per_sm = attribute(
                CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
                "cuDeviceGetAttribute",
            );
            let capability = attribute(
                CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                "cuDeviceGetAttribute",
            ) * 10
                + attribute(
                    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                    "cuDeviceGetAttribute",
                );
            let mut stream: Handle = std::ptr::null_mut();
            // SAFETY: as above.
            driver.call("cuStreamCreate", unsafe {
                (driver.api.stream_create)(&mut stream, CU_STREAM_NON_BLOCKING)
            });
            State {
                device,
                context: context as usize,
                sync_stream: stream as usize,
                resident_blocks: (sms.max(1) as usize) * (per_sm.max(128) as usize / 128),
                capability,
            }
        })
    }

    /// Makes this device's context current on the calling thread; returns the driver.
    fn enter(&self) -> &'static Driver {
        let context = self.state().context;
        let driver = api();
        CURRENT.with(|current| {
            if *current.borrow() != context {
                // SAFETY: the retained primary context.
                driver.call("cuCtxSetCurrent", unsafe {
                    (driver.api.ctx_set_current)(context as Handle)
                });
                *current.borrow_mut() = context;
            }
        });
        driver
    }

    /// The stream of async queue `queue` (created on first use), or the synchronous stream.
    fn stream(&self, queue: Option<QueueId>) -> Handle {
        let driver = self.enter();
        let Some(queue) = queue else {
            return self.state().sync_stream as Handle;
        };
        let mut streams = lock(&self.streams);
        let stream = streams.entry(queue).or_insert_with(|| {
            let mut stream: Handle = std::ptr::null_mut();
            // SAFETY: a valid out-pointer, the context is current.
            driver.call("cuStreamCreate", unsafe {
                (driver.api.stream_create)(&mut stream, CU_STREAM_NON_BLOCKING)
            });
            stream as usize
        });
        *stream as Handle
    }

    /// The streams of every queue used so far.
    fn queue_streams(&self) -> Vec<(QueueId, usize)> {
        let mut streams: Vec<_> = lock(&self.streams)
            .iter()
            .map(|(&queue, &stream)| (queue, stream))
            .collect();
        streams.sort_unstable();
        streams
    }

    fn synchronize(&self, stream: Handle) {
        let driver = self.enter();
        // SAFETY: a stream of this context.
        driver.call("cuStreamSynchronize", unsafe {
            (driver.api.stream_synchronize)(stream)
        });
    }

    /// Whether `stream` has finished its work.
    fn finished(&self, stream: Handle) -> bool {
        let driver = self.enter();
        // SAFETY: a stream of this context.
        match unsafe { (driver.api.stream_query)(stream) } {
            CUDA_SUCCESS => true,
            CUDA_ERROR_NOT_READY => false,
            status => {
                driver.call("cuStreamQuery", status);
                true
            }
        }
    }

    /// The kernel `name`, loading the image that holds it on first use; `None` when no PTX image
    /// lists it.
    fn function(&self, name: &str) -> Option<Function> {
        if let Some(&cached) = lock(&self.functions).get(name) {
            return cached;
        }
        let driver = self.enter();
        let all = images::images();
        let chosen = self.choose(&all, |image| {
            image.kernels.iter().any(|kernel| kernel == name)
        });
        let found = chosen.map(|(index, image)| {
            let module = self.module(driver, index, image);
            let symbol = CString::new(name).unwrap_or_default();
            let mut function: Handle = std::ptr::null_mut();
            // SAFETY: a loaded module and a NUL-terminated name.
            driver.call("cuModuleGetFunction", unsafe {
                (driver.api.module_get_function)(&mut function, module as Handle, symbol.as_ptr())
            });
            let mut max_threads = 0;
            // SAFETY: a function of this context and a valid out-pointer.
            driver.call("cuFuncGetAttribute", unsafe {
                (driver.api.func_get_attribute)(
                    &mut max_threads,
                    CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                    function,
                )
            });
            Function {
                function: function as usize,
                max_threads,
            }
        });
        lock(&self.functions).insert(name.to_string(), found);
        found
    }

    /// Among the PTX images `wanted` accepts, the one for the newest architecture the device
    /// runs (else the oldest): the same choice for a kernel and for the globals it uses.
    fn choose<'i>(
        &self,
        all: &'i [images::Image],
        wanted: impl Fn(&images::Image) -> bool,
    ) -> Option<(usize, &'i images::Image)> {
        let capability = self.state().capability;
        let arch_number = |arch: &str| {
            arch.strip_prefix("sm_")
                .and_then(|digits| digits.trim_end_matches('a').parse::<i32>().ok())
                .unwrap_or(0)
        };
        let candidates = all
            .iter()
            .enumerate()
            .filter(|(_, image)| image.kind == ImageKind::Ptx && wanted(image));
        candidates
            .clone()
            .filter(|(_, image)| arch_number(&image.arch) <= capability)
            .max_by_key(|(_, image)| arch_number(&image.arch))
            .or_else(|| candidates.min_by_key(|(_, image)| arch_number(&image.arch)))
    }

    /// The module of image `index`, loaded (JIT-compiled) on first use.
    fn module(&self, driver: &Driver, index: usize, image: &images::Image) -> usize {
        let mut modules = lock(&self.modules);
        if let Some(&module) = modules.get(&index) {
            return module;
        }
        let mut ptx = image.bytes.clone();
        if ptx.last() != Some(&0) {
            ptx.push(0);
        }
        let mut info = vec![0u8; LOG_BYTES];
        let mut error = vec![0u8; LOG_BYTES];
        let mut options = [
            CU_JIT_INFO_LOG_BUFFER,
            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_ERROR_LOG_BUFFER,
            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut values = [
            info.as_mut_ptr() as *mut c_void,
            LOG_BYTES as *mut c_void,
            error.as_mut_ptr() as *mut c_void,
            LOG_BYTES as *mut c_void,
        ];
        let mut module: Handle = std::ptr::null_mut();
        // SAFETY: NUL-terminated PTX, four options with their values (buffers of LOG_BYTES that
        // live across the call; sizes passed as pointer-sized integers, as the driver expects).
        let status = unsafe {
            (driver.api.module_load_data_ex)(
                &mut module,
                ptx.as_ptr() as *const c_void,
                options.len() as c_uint,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        if status != CUDA_SUCCESS {
            let text = |buffer: &[u8]| {
                let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
                String::from_utf8_lossy(&buffer[..end]).trim().to_string()
            };
            let log = [text(&error), text(&info)]
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join("\n");
            fatal(format!(
                "CUDA driver call cuModuleLoadDataEx failed: {} loading the {} PTX image ({} \
                 bytes, kernels {}){}",
                driver.describe(status),
                image.arch,
                image.bytes.len(),
                image.kernels.join(" "),
                if log.is_empty() {
                    String::new()
                } else {
                    format!("; JIT log:\n{log}")
                }
            ));
        }
        modules.insert(index, module as usize);
        module as usize
    }
}

/// The grid and block of a launch ([`crate::device`] has the ABI).
pub fn launch_shape(
    gangs: [i64; 4],
    num_workers: i32,
    vector_length: i32,
    max_threads: i32,
) -> Result<([u32; 3], [u32; 3]), String> {
    let grid = [gangs[1].max(1), gangs[2].max(1), gangs[3].max(1)];
    if grid[0] > i64::from(i32::MAX) || grid[1] > MAX_GRID_YZ || grid[2] > MAX_GRID_YZ {
        return Err(format!(
            "{}x{}x{} gangs exceed the grid limits of the device ({}x{}x{})",
            grid[0],
            grid[1],
            grid[2],
            i32::MAX,
            MAX_GRID_YZ,
            MAX_GRID_YZ
        ));
    }
    let grid = grid.map(|g| g as u32);
    if max_threads <= 1 {
        return Ok((grid, [1, 1, 1]));
    }
    let max = max_threads as u32;
    let vector = if vector_length > 0 {
        vector_length as u32
    } else {
        DEFAULT_VECTOR
    }
    .min(max);
    let workers = if num_workers > 0 {
        num_workers as u32
    } else {
        1
    }
    .min((max / vector).max(1));
    Ok((grid, [vector, workers, 1]))
}

/// What the generated code handed to a launch, as the GPU needs it.
pub struct KernelCode {
    pub host: HostKernel,
    pub finish: Option<Finish>,
    pub args: std::sync::Arc<KernelArgs>,
    /// Argument 0's gang counts `{G, G1, G2, G3}`.
    pub gangs: [i64; 4],
}

impl std::fmt::Debug for KernelCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelCode")
            .field("gangs", &self.gangs)
            .finish_non_exhaustive()
    }
}

struct Callback(QueueJob);

/// Runs a boxed job queued by `cuLaunchHostFunc`.
unsafe extern "C" fn run_callback(data: *mut c_void) {
    // SAFETY: `data` is the `Box<Callback>` leaked by `host_callback`, run exactly once.
    let callback = unsafe { Box::from_raw(data as *mut Callback) };
    crate::error::guard("cuLaunchHostFunc callback", callback.0);
}

impl Device for CudaDevice {
    fn kind(&self) -> DeviceKind {
        DeviceKind::Nvidia
    }

    fn shares_host_memory(&self) -> bool {
        false
    }

    fn num_threads(&self) -> usize {
        self.state().resident_blocks
    }

    fn init(&self) {
        self.enter();
    }

    fn alloc(&self, bytes: usize) -> Option<usize> {
        let driver = self.enter();
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: a valid out-pointer; the context is current.
        match unsafe { (driver.api.mem_alloc)(&mut pointer, bytes.max(1)) } {
            CUDA_SUCCESS => Some(pointer as usize),
            CUDA_ERROR_OUT_OF_MEMORY => None,
            status => {
                driver.call("cuMemAlloc_v2", status);
                None
            }
        }
    }

    fn free(&self, device: usize, queue: Option<QueueId>) {
        if queue.is_some() {
            self.synchronize(self.stream(queue));
        }
        let driver = self.enter();
        // SAFETY: memory `alloc` returned, freed once.
        driver.call("cuMemFree_v2", unsafe {
            (driver.api.mem_free)(device as CuDevicePtr)
        });
    }

    fn copy_in(&self, device: usize, host: usize, bytes: usize, queue: Option<QueueId>) {
        if bytes == 0 {
            return;
        }
        let driver = self.enter();
        let (to, from) = (device as CuDevicePtr, host as *const c_void);
        // SAFETY: `bytes` readable host bytes and device memory the table sized; a pageable
        // source of an async copy is staged before the call returns.
        match queue {
            None => driver.call("cuMemcpyHtoD_v2", unsafe {
                (driver.api.memcpy_htod)(to, from, bytes)
            }),
            Some(_) => {
                let stream = self.stream(queue);
                driver.call("cuMemcpyHtoDAsync_v2", unsafe {
                    (driver.api.memcpy_htod_async)(to, from, bytes, stream)
                })
            }
        }
    }

    fn copy_out(&self, host: usize, device: usize, bytes: usize, queue: Option<QueueId>) {
        if bytes == 0 {
            return;
        }
        let driver = self.enter();
        let (to, from) = (host as *mut c_void, device as CuDevicePtr);
        // SAFETY: `bytes` writable host bytes (the program keeps them until the queue is
        // waited for) and device memory the table sized.
        match queue {
            None => driver.call("cuMemcpyDtoH_v2", unsafe {
                (driver.api.memcpy_dtoh)(to, from, bytes)
            }),
            Some(_) => {
                let stream = self.stream(queue);
                driver.call("cuMemcpyDtoHAsync_v2", unsafe {
                    (driver.api.memcpy_dtoh_async)(to, from, bytes, stream)
                })
            }
        }
    }

    fn copy_device(&self, destination: usize, source: usize, bytes: usize, queue: Option<QueueId>) {
        if bytes == 0 || destination == source {
            return;
        }
        let driver = self.enter();
        let (to, from) = (destination as CuDevicePtr, source as CuDevicePtr);
        // SAFETY: device ranges the caller translated.
        match queue {
            None => driver.call("cuMemcpyDtoD_v2", unsafe {
                (driver.api.memcpy_dtod)(to, from, bytes)
            }),
            Some(_) => {
                let stream = self.stream(queue);
                driver.call("cuMemcpyDtoDAsync_v2", unsafe {
                    (driver.api.memcpy_dtod_async)(to, from, bytes, stream)
                })
            }
        }
    }

    fn fill_zero(&self, device: usize, bytes: usize, queue: Option<QueueId>) {
        if bytes == 0 {
            return;
        }
        let driver = self.enter();
        // SAFETY: device memory the table sized.
        match queue {
            None => driver.call("cuMemsetD8_v2", unsafe {
                (driver.api.memset_d8)(device as CuDevicePtr, 0, bytes)
            }),
            Some(_) => {
                let stream = self.stream(queue);
                driver.call("cuMemsetD8Async", unsafe {
                    (driver.api.memset_d8_async)(device as CuDevicePtr, 0, bytes, stream)
                })
            }
        }
    }

    fn write_pointer(&self, location: usize, value: usize, queue: Option<QueueId>) {
        let bytes = value.to_ne_bytes();
        // The source is pageable host memory: an async copy stages it before returning.
        self.copy_in(location, bytes.as_ptr() as usize, bytes.len(), queue);
    }

    fn module_globals(&self) -> Vec<(usize, usize, usize)> {
        let all = images::images();
        let mut hosts: Vec<usize> = all
            .iter()
            .filter(|image| image.kind == ImageKind::Ptx)
            .flat_map(|image| image.globals.iter().map(|g| g.host))
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        if hosts.is_empty() {
            return Vec::new();
        }
        let driver = self.enter();
        let mut found = Vec::new();
        for host in hosts {
            let Some((index, image)) =
                self.choose(&all, |image| image.globals.iter().any(|g| g.host == host))
            else {
                continue;
            };
            let Some(global) = image.globals.iter().find(|g| g.host == host) else {
                continue;
            };
            let module = self.module(driver, index, image);
            let symbol = CString::new(global.name.as_str()).unwrap_or_default();
            let mut device: CuDevicePtr = 0;
            let mut bytes = 0usize;
            // SAFETY: a loaded module, valid out-pointers and a NUL-terminated name.
            driver.call("cuModuleGetGlobal_v2", unsafe {
                (driver.api.module_get_global)(
                    &mut device,
                    &mut bytes,
                    module as Handle,
                    symbol.as_ptr(),
                )
            });
            if bytes != global.bytes {
                crate::error::internal(format!(
                    "the {} image's global '{}' has {bytes} bytes on the device, the program \
                     registered {}",
                    image.arch, global.name, global.bytes
                ));
            }
            found.push((host, bytes, device as usize));
        }
        found
    }

    fn missing_kernel(&self, name: &str) -> Option<String> {
        match self.function(name) {
            Some(_) => None,
            None => Some(format!(
                "kernel '{name}' is in no NVIDIA device image: accc's link kept its region on \
                 the host (link with -fopt-info-acc to see why), and host code cannot run on \
                 data in GPU memory"
            )),
        }
    }

    fn launch(&self, launch: Launch, queue: Option<QueueId>) {
        let Some(code) = launch.code else {
            fatal(format!(
                "kernel '{}' has no argument array for the nvidia device",
                launch.name
            ));
        };
        let Some(function) = self.function(&launch.name) else {
            fatal(
                self.missing_kernel(&launch.name)
                    .unwrap_or_else(|| launch.name.clone()),
            );
        };
        let (grid, block) = match launch_shape(
            code.gangs,
            launch.num_workers,
            launch.vector_length,
            function.max_threads,
        ) {
            Ok(shape) => shape,
            Err(reason) => fatal(format!("kernel '{}': {reason}", launch.name)),
        };
        let driver = self.enter();
        let stream = self.stream(queue);
        let args = code.args.array();
        if let Some(hook) = driver.mock_launch {
            // SAFETY: the mock's hook takes the kernel's host functions and the argument array
            // the launch below passes; it only records them.
            unsafe { hook(Some(code.host), code.finish, code.gangs[0], args) };
        }
        IN_MOCK_KERNEL.with(|flag| *flag.borrow_mut() = driver.mock_launch.is_some());
        // SAFETY: a function of this context, its argument array (element k points to argument
        // k's value, copied by the driver during the call) and a stream of this context.
        let status = unsafe {
            (driver.api.launch_kernel)(
                function.function as Handle,
                grid[0],
                grid[1],
                grid[2],
                block[0],
                block[1],
                block[2],
                0,
                stream,
                args,
                std::ptr::null_mut(),
            )
        };
        IN_MOCK_KERNEL.with(|flag| *flag.borrow_mut() = false);
        driver.call("cuLaunchKernel", status);
        if queue.is_none() {
            self.synchronize(stream);
        }
    }

    fn host_callback(&self, queue: Option<QueueId>, job: QueueJob) {
        if queue.is_none() {
            job();
            return;
        }
        let driver = self.enter();
        let stream = self.stream(queue);
        let data = Box::into_raw(Box::new(Callback(job))) as *mut c_void;
        // SAFETY: the trampoline takes back the box exactly once.
        driver.call("cuLaunchHostFunc", unsafe {
            (driver.api.launch_host_func)(stream, run_callback, data)
        });
    }

    fn wait(&self, queue: QueueId) {
        if lock(&self.streams).contains_key(&queue) {
            self.synchronize(self.stream(Some(queue)));
        }
    }

    fn wait_all(&self) {
        for (_, stream) in self.queue_streams() {
            self.synchronize(stream as Handle);
        }
    }

    fn test(&self, queue: QueueId) -> bool {
        let stream = lock(&self.streams).get(&queue).copied();
        stream.is_none_or(|stream| self.finished(stream as Handle))
    }

    fn test_all(&self) -> bool {
        self.queue_streams()
            .into_iter()
            .all(|(_, stream)| self.finished(stream as Handle))
    }

    fn join(&self, waiter: QueueId, waited: QueueId) {
        if waiter == waited || !lock(&self.streams).contains_key(&waited) {
            return;
        }
        let driver = self.enter();
        let (waiter, waited) = (self.stream(Some(waiter)), self.stream(Some(waited)));
        let mut event: Handle = std::ptr::null_mut();
        // SAFETY: valid out-pointer and streams of this context; the event may be destroyed
        // as soon as the wait is enqueued.
        unsafe {
            driver.call(
                "cuEventCreate",
                (driver.api.event_create)(&mut event, CU_EVENT_DISABLE_TIMING),
            );
            driver.call("cuEventRecord", (driver.api.event_record)(event, waited));
            driver.call(
                "cuStreamWaitEvent",
                (driver.api.stream_wait_event)(waiter, event, 0),
            );
            driver.call("cuEventDestroy_v2", (driver.api.event_destroy)(event));
        }
    }

    fn join_all(&self, waiter: QueueId) {
        for (queue, _) in self.queue_streams() {
            self.join(waiter, queue);
        }
    }

    fn wait_any(&self, queues: &[QueueId]) -> Option<usize> {
        if queues.is_empty() {
            return None;
        }
        loop {
            if let Some(index) = queues.iter().position(|&queue| self.test(queue)) {
                return Some(index);
            }
            std::thread::yield_now();
        }
    }

    fn properties(&self) -> Properties {
        let driver = self.enter();
        let device = self.state().device;
        let mut name = [0 as c_char; 256];
        let mut total = 0usize;
        let (mut free, mut total_free) = (0usize, 0usize);
        // SAFETY: buffers and out-pointers of the sizes given.
        unsafe {
            driver.call(
                "cuDeviceGetName",
                (driver.api.device_get_name)(name.as_mut_ptr(), name.len() as c_int - 1, device),
            );
            driver.call(
                "cuDeviceTotalMem_v2",
                (driver.api.device_total_mem)(&mut total, device),
            );
            driver.call(
                "cuMemGetInfo_v2",
                (driver.api.mem_get_info)(&mut free, &mut total_free),
            );
        }
        // SAFETY: the driver NUL-terminates the name within the buffer (its last byte is 0).
        let name = unsafe { CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        Properties {
            name,
            vendor: "NVIDIA".to_string(),
            driver: format!(
                "CUDA driver {}.{}",
                driver.version / 1000,
                driver.version % 1000 / 10
            ),
            memory: total,
            free_memory: free,
            shared_memory: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_and_block_follow_the_launch_abi() {
        // Gang counts {G, G1, G2, G3} give the grid; defaults V = 128, W = 1.
        assert_eq!(
            launch_shape([6, 3, 2, 1], 0, 0, 1024),
            Ok(([3, 2, 1], [128, 1, 1]))
        );
        // num_workers and vector_length, capped by the kernel's maximum.
        assert_eq!(
            launch_shape([4, 4, 1, 1], 4, 32, 1024),
            Ok(([4, 1, 1], [32, 4, 1]))
        );
        assert_eq!(
            launch_shape([4, 4, 1, 1], 64, 256, 512),
            Ok(([4, 1, 1], [256, 2, 1]))
        );
        assert_eq!(
            launch_shape([4, 4, 1, 1], 1, 2048, 1024),
            Ok(([4, 1, 1], [1024, 1, 1]))
        );
        // One-thread kernels get one-thread blocks whatever the clauses say.
        assert_eq!(
            launch_shape([8, 8, 1, 1], 4, 64, 1),
            Ok(([8, 1, 1], [1, 1, 1]))
        );
        // Counts below one are one; grids past the device's limits are refused.
        assert_eq!(
            launch_shape([0, 0, -3, 0], 0, 0, 1024),
            Ok(([1, 1, 1], [128, 1, 1]))
        );
        assert!(launch_shape([1 << 20, 1, 1 << 17, 1], 0, 0, 1024)
            .unwrap_err()
            .contains("exceed the grid limits"));
    }
}
