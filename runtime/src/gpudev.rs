//! The GPU device both GPU backends share: [`GpuDevice`] implements [`Device`] once over a small
//! table of vendor calls, the [`Backend`] trait, which the CUDA driver ([`crate::cuda`],
//! `nvidia`) and the HIP runtime ([`crate::hip`], `radeon`) implement.
//!
//! What is the same for both, and lives here:
//! * Threads: the device is made current on every host thread that uses it
//!   ([`Backend::make_current`]: `cuCtxSetCurrent` of the primary context, `hipSetDevice`),
//!   remembered per thread.
//! * Queues: synchronous work (`queue == None`) uses the blocking copies and, for kernels and
//!   fills, a private non-blocking stream that is synchronised before the call returns; async
//!   queue `n` is its own non-blocking stream, created on first use, so synchronous work never
//!   waits for a queue it was not told to. `join` records an event on the waited stream and makes
//!   the waiter wait for it; host callbacks are the backend's host-function launch. Under
//!   `ACCC_TIME` a launch is timed by two timing events recorded around it on its stream
//!   ([`Device::launch_timed`]); the elapsed time is read when the trace next looks (the
//!   kernel done) or at the report, never in a host callback. Freeing
//!   memory on a queue synchronises that stream first (a free may not be called from a host
//!   function).
//! * Kernels: on a kernel's first launch the image that lists it is loaded and its function and
//!   maximum block size are cached. The backend orders the candidate images
//!   ([`Backend::order`]: CUDA takes the PTX image of the newest architecture the device runs;
//!   HIP tries the code objects in registration order, since only the device's own `gfx`
//!   architecture loads); the first that loads is used, and when none does the program stops
//!   with every load error. The grid and block follow the launch ABI of
//!   `codegen/src/device/mod.rs` ([`launch_shape`]): `gridDim` = the gang counts `{G1, G2, G3}`
//!   of argument 0, `blockDim` = `(V, W, 1)` with V = `vector_length` (default 128) and W =
//!   `num_workers` (default 1), capped by the kernel's maximum, and `(1, 1, 1)` for kernels
//!   compiled for one-thread blocks (maximum 1). The arguments go as `void **` (element k
//!   points to argument k's value) to `cuLaunchKernel` / `hipModuleLaunchKernel`. A kernel
//!   whose image facts give scratch bytes per thread gets one more argument, the address of
//!   its stream's scratch buffer ([`GpuDevice`]'s `scratch_buffer`: reused while large
//!   enough, freed at `acc_shutdown`), sized by [`scratch_grid`], which may launch fewer gangs
//!   along x to keep it under [`scratch_cap`] (argument 0 then says the grid's count). Without
//!   `num_gangs` the generated code asks [`Device::num_threads`] for the gang count: the
//!   device's resident 128-thread blocks, multiprocessors × (max threads per multiprocessor /
//!   128).
//! * Globals: an image that defines globals (device copies of declared globals) is loaded when
//!   the device starts, and each global's address is entered into the present table for its
//!   host variable (`Runtime::bind_globals`); its kernels then come from the same module.
//! * A kernel that is in no image (the link kept its region on the host) is never run on the
//!   host with device addresses: the launch stops the program with an error naming the kernel
//!   ([`Device::missing_kernel`]).
//!
//! # The test doubles' hook
//! When the loaded vendor library exports `accmock_host_launch` (the mock driver and runtime of
//! `tests/mockcuda/`, which implement the vendor calls on the host with separately allocated
//! "device" buffers), every launch calls it just before the kernel launch with the kernel's host
//! version, its finish function (or null), the gang count G and the same argument array the
//! launch gets: `void accmock_host_launch(__accrt_host_kernel host, __accrt_finish finish,
//! int64_t gangs, void **args)`. The mock runs `host(args, 0, G, 0)` in its launch, on the device
//! buffers the arguments name. A real driver has no such symbol.
//!
//! This is one of the runtime's FFI modules (`dlopen`, the vendor calls through the backends).

#![allow(unsafe_code)]

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_void, CStr, CString};
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::device::{Device, DeviceKind, KernelTimer, Launch, Properties};
use crate::error::fatal;
use crate::images::{self, Image};
pub use crate::kernel::KernelCode;
use crate::queue::{QueueId, QueueJob};
use accc_abi::{Finish, HostKernel};

/// A vendor handle (stream, event, module, function, context).
pub type Handle = *mut c_void;
/// The mock's launch hook (see the module documentation).
pub type MockLaunch =
    unsafe extern "C" fn(Option<HostKernel>, Option<Finish>, i64, *mut *mut c_void);
/// A host function a stream runs (`cuLaunchHostFunc`, `hipLaunchHostFunc`).
pub type HostFunc = unsafe extern "C" fn(*mut c_void);

/// The default vector length (whole warps) and the grid's largest y and z dimensions.
const DEFAULT_VECTOR: u32 = 128;
const MAX_GRID_YZ: i64 = 65535;

/// Declares a vendor library's entry points: the table's name, the status type every entry
/// returns, then per entry its field name, exported symbol and parameter types.
macro_rules! vendor_api {
    ($api:ident -> $status:ty { $($field:ident = $symbol:literal ($($arg:ty),*);)* }) => {
        /// The vendor entry points libaccrt uses.
        struct $api {
            $($field: unsafe extern "C" fn($($arg),*) -> $status,)*
        }

        impl $api {
            /// # Safety
            /// `handle` is a live handle of a library exporting these symbols with these types.
            unsafe fn load(handle: $crate::gpudev::Handle) -> Result<$api, String> {
                Ok($api {
                    $($field: {
                        let address = $crate::gpudev::symbol(handle, $symbol)
                            .ok_or_else(|| format!("it lacks the symbol {}", $symbol))?;
                        // SAFETY: the vendor library exports this symbol with this C signature
                        // (its header); a data pointer and a function pointer have the same size.
                        unsafe {
                            std::mem::transmute::<*mut std::ffi::c_void, unsafe extern "C" fn($($arg),*) -> $status>(address)
                        }
                    },)*
                })
            }
        }
    };
}
pub(crate) use vendor_api;

/// The [`Backend`] calls whose shape is the same in both vendor APIs (HIP mirrors the CUDA
/// driver API: the same arguments in the same order, other names, status numbers and
/// device-pointer type), written once for an `Api` table with these field names (declared with
/// [`vendor_api!`]) and a `call(name, status)` method that stops the program on a failure.
/// Used inside `impl Backend for ...`.
macro_rules! mirrored_calls {
    (
        device_pointer: $dptr:ty,
        success: $ok:path,
        out_of_memory: $oom:path,
        not_ready: $not_ready:path,
        stream_flags: $stream_flags:expr,
        event_flags: $event_flags:expr,
        max_threads_attribute: $max_threads:expr,
        names: [
            $alloc:literal, $free:literal,
            $htod:literal, $dtoh:literal, $dtod:literal,
            $htod_async:literal, $dtoh_async:literal, $dtod_async:literal,
            $memset:literal, $memset_async:literal,
            $stream_create:literal, $stream_synchronize:literal, $stream_query:literal,
            $event_create:literal, $event_record:literal, $stream_wait_event:literal,
            $event_destroy:literal, $launch_host_func:literal,
            $event_query:literal, $event_synchronize:literal, $event_elapsed:literal,
            $module_get_function:literal, $func_get_attribute:literal,
            $module_get_global:literal, $launch_kernel:literal,
            $device_get_name:literal, $device_total_mem:literal, $mem_get_info:literal $(,)?
        ]
    ) => {
        fn alloc(&self, bytes: usize) -> Option<usize> {
            let mut pointer = <$dptr as $crate::gpudev::DevicePointer>::from_address(0);
            // SAFETY: a valid out-pointer; the device is current.
            match unsafe { (self.api.mem_alloc)(&mut pointer, bytes) } {
                $ok => Some(pointer as usize),
                $oom => None,
                status => {
                    self.call($alloc, status);
                    None
                }
            }
        }

        fn free(&self, device: usize) {
            // SAFETY: memory `alloc` returned, freed once.
            self.call($free, unsafe { (self.api.mem_free)(device as $dptr) });
        }

        fn copy(
            &self,
            direction: $crate::gpudev::Direction,
            to: usize,
            from: usize,
            bytes: usize,
            stream: Option<$crate::gpudev::Handle>,
        ) {
            use std::ffi::c_void;
            use $crate::gpudev::Direction::*;
            let api = &self.api;
            let (d_to, d_from) = (to as $dptr, from as $dptr);
            let (h_to, h_from) = (to as *mut c_void, from as *const c_void);
            // SAFETY: host ranges of `bytes` bytes the program keeps until the queue is waited
            // for, device ranges the table sized; a pageable source of an async copy is staged
            // before the call returns.
            let (name, status) = unsafe {
                match (direction, stream) {
                    (HostToDevice, None) => ($htod, (api.memcpy_htod)(d_to, h_from, bytes)),
                    (DeviceToHost, None) => ($dtoh, (api.memcpy_dtoh)(h_to, d_from, bytes)),
                    (DeviceToDevice, None) => ($dtod, (api.memcpy_dtod)(d_to, d_from, bytes)),
                    (HostToDevice, Some(s)) => {
                        ($htod_async, (api.memcpy_htod_async)(d_to, h_from, bytes, s))
                    }
                    (DeviceToHost, Some(s)) => {
                        ($dtoh_async, (api.memcpy_dtoh_async)(h_to, d_from, bytes, s))
                    }
                    (DeviceToDevice, Some(s)) => {
                        ($dtod_async, (api.memcpy_dtod_async)(d_to, d_from, bytes, s))
                    }
                }
            };
            self.call(name, status);
        }

        fn zero(&self, device: usize, bytes: usize, stream: Option<$crate::gpudev::Handle>) {
            let pointer = device as $dptr;
            // SAFETY: device memory the table sized.
            match stream {
                None => self.call($memset, unsafe { (self.api.memset_d8)(pointer, 0, bytes) }),
                Some(stream) => self.call($memset_async, unsafe {
                    (self.api.memset_d8_async)(pointer, 0, bytes, stream)
                }),
            }
        }

        fn stream_create(&self) -> $crate::gpudev::Handle {
            let mut stream: $crate::gpudev::Handle = std::ptr::null_mut();
            // SAFETY: a valid out-pointer, the device is current.
            self.call($stream_create, unsafe {
                (self.api.stream_create)(&mut stream, $stream_flags)
            });
            stream
        }

        fn stream_synchronize(&self, stream: $crate::gpudev::Handle) {
            // SAFETY: a stream of this device.
            self.call($stream_synchronize, unsafe {
                (self.api.stream_synchronize)(stream)
            });
        }

        fn stream_finished(&self, stream: $crate::gpudev::Handle) -> bool {
            // SAFETY: a stream of this device.
            match unsafe { (self.api.stream_query)(stream) } {
                $ok => true,
                $not_ready => false,
                status => {
                    self.call($stream_query, status);
                    true
                }
            }
        }

        fn stream_wait(&self, waiter: $crate::gpudev::Handle, waited: $crate::gpudev::Handle) {
            let mut event: $crate::gpudev::Handle = std::ptr::null_mut();
            // SAFETY: valid out-pointer and streams of this device; the event may be destroyed
            // as soon as the wait is enqueued.
            unsafe {
                self.call(
                    $event_create,
                    (self.api.event_create)(&mut event, $event_flags),
                );
                self.call($event_record, (self.api.event_record)(event, waited));
                self.call(
                    $stream_wait_event,
                    (self.api.stream_wait_event)(waiter, event, 0),
                );
                self.call($event_destroy, (self.api.event_destroy)(event));
            }
        }

        fn timing_event(&self) -> $crate::gpudev::Handle {
            let mut event: $crate::gpudev::Handle = std::ptr::null_mut();
            // SAFETY: a valid out-pointer; flags 0 = the default event, which keeps timing.
            self.call($event_create, unsafe {
                (self.api.event_create)(&mut event, 0)
            });
            event
        }

        fn record(&self, event: $crate::gpudev::Handle, stream: $crate::gpudev::Handle) {
            // SAFETY: an event and a stream of this device.
            self.call($event_record, unsafe {
                (self.api.event_record)(event, stream)
            });
        }

        fn event_finished(
            &self,
            event: $crate::gpudev::Handle,
            wait: bool,
        ) -> Result<bool, String> {
            // SAFETY: an event of this device, recorded.
            let (name, status) = unsafe {
                if wait {
                    ($event_synchronize, (self.api.event_synchronize)(event))
                } else {
                    ($event_query, (self.api.event_query)(event))
                }
            };
            match status {
                $ok => Ok(true),
                $not_ready if !wait => Ok(false),
                status => Err(format!("{name}: {}", self.describe(status))),
            }
        }

        fn elapsed_ms(
            &self,
            start: $crate::gpudev::Handle,
            end: $crate::gpudev::Handle,
        ) -> Result<f32, String> {
            let mut ms = 0f32;
            // SAFETY: a valid out-pointer and two finished timing events of this device.
            match unsafe { (self.api.event_elapsed)(&mut ms, start, end) } {
                $ok => Ok(ms),
                status => Err(format!("{}: {}", $event_elapsed, self.describe(status))),
            }
        }

        fn event_destroy(&self, event: $crate::gpudev::Handle) {
            // SAFETY: an event of this device, destroyed once; a failure (the driver shutting
            // down) leaves nothing to undo.
            let _ = unsafe { (self.api.event_destroy)(event) };
        }

        fn host_func(
            &self,
            stream: $crate::gpudev::Handle,
            function: $crate::gpudev::HostFunc,
            data: *mut std::ffi::c_void,
        ) {
            // SAFETY: the function takes back `data` exactly once.
            self.call($launch_host_func, unsafe {
                (self.api.launch_host_func)(stream, function, data)
            });
        }

        fn function(&self, module: usize, name: &str) -> $crate::gpudev::Function {
            let symbol = std::ffi::CString::new(name).unwrap_or_default();
            let mut function: $crate::gpudev::Handle = std::ptr::null_mut();
            // SAFETY: a loaded module and a NUL-terminated name.
            self.call($module_get_function, unsafe {
                (self.api.module_get_function)(
                    &mut function,
                    module as $crate::gpudev::Handle,
                    symbol.as_ptr(),
                )
            });
            let mut max_threads = 0;
            // SAFETY: a function of this device and a valid out-pointer.
            self.call($func_get_attribute, unsafe {
                (self.api.func_get_attribute)(&mut max_threads, $max_threads, function)
            });
            $crate::gpudev::Function {
                function: function as usize,
                max_threads,
                facts: $crate::images::KernelFacts::default(),
            }
        }

        fn global(&self, module: usize, name: &str) -> (usize, usize) {
            let symbol = std::ffi::CString::new(name).unwrap_or_default();
            let mut device = <$dptr as $crate::gpudev::DevicePointer>::from_address(0);
            let mut bytes = 0usize;
            // SAFETY: a loaded module, valid out-pointers and a NUL-terminated name.
            self.call($module_get_global, unsafe {
                (self.api.module_get_global)(
                    &mut device,
                    &mut bytes,
                    module as $crate::gpudev::Handle,
                    symbol.as_ptr(),
                )
            });
            (device as usize, bytes)
        }

        fn launch(
            &self,
            function: usize,
            grid: [u32; 3],
            block: [u32; 3],
            stream: $crate::gpudev::Handle,
            args: *mut *mut std::ffi::c_void,
        ) {
            // SAFETY: a function of this device, its argument array (element k points to
            // argument k's value, copied during the call) and a stream of this device.
            let status = unsafe {
                (self.api.launch_kernel)(
                    function as $crate::gpudev::Handle,
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
            self.call($launch_kernel, status);
        }

        fn mock_launch(&self) -> Option<$crate::gpudev::MockLaunch> {
            self.mock_launch
        }

        fn device_info(&self, device: i32) -> (String, usize, usize) {
            use std::ffi::{c_char, c_int};
            let mut name = [0 as c_char; 256];
            let mut total = 0usize;
            let (mut free, mut total_free) = (0usize, 0usize);
            // SAFETY: buffers and out-pointers of the sizes given.
            unsafe {
                self.call(
                    $device_get_name,
                    (self.api.device_get_name)(name.as_mut_ptr(), name.len() as c_int - 1, device),
                );
                self.call(
                    $device_total_mem,
                    (self.api.device_total_mem)(&mut total, device),
                );
                self.call(
                    $mem_get_info,
                    (self.api.mem_get_info)(&mut free, &mut total_free),
                );
            }
            // SAFETY: the name is NUL-terminated within the buffer (its last byte is 0).
            let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }
                .to_string_lossy()
                .into_owned();
            (name, total, free)
        }
    };
}
pub(crate) use mirrored_calls;

/// A vendor's device-pointer type (`CUdeviceptr`, `hipDeviceptr_t`) from an address.
pub trait DevicePointer {
    fn from_address(address: usize) -> Self;
}

impl DevicePointer for u64 {
    fn from_address(address: usize) -> u64 {
        address as u64
    }
}

impl DevicePointer for *mut c_void {
    fn from_address(address: usize) -> *mut c_void {
        address as *mut c_void
    }
}

/// `dlsym`, null as `None`.
pub(crate) fn symbol(handle: Handle, name: &str) -> Option<*mut c_void> {
    let name = CString::new(name).ok()?;
    // SAFETY: a live handle and a NUL-terminated name.
    let address = unsafe { libc::dlsym(handle, name.as_ptr()) };
    (!address.is_null()).then_some(address)
}

/// Opens `library` for the life of the process; the `dlerror()` text when it cannot.
pub(crate) fn open(library: &str) -> Result<Handle, String> {
    let name = CString::new(library).map_err(|error| error.to_string())?;
    // SAFETY: a NUL-terminated name; the library stays loaded for the life of the process.
    let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if !handle.is_null() {
        return Ok(handle);
    }
    // SAFETY: dlerror returns null or a NUL-terminated string, copied at once.
    let text = unsafe { libc::dlerror() };
    if text.is_null() {
        return Err("unknown error".to_string());
    }
    // SAFETY: non-null and NUL-terminated.
    Err(unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned())
}

/// The mock's hook in `handle`'s library, if it has one.
pub(crate) fn mock_hook(handle: Handle) -> Option<MockLaunch> {
    symbol(handle, "accmock_host_launch").map(|address| {
        // SAFETY: the mock exports the hook with this signature (module documentation).
        unsafe { std::mem::transmute::<*mut c_void, MockLaunch>(address) }
    })
}

/// What a device learns when it starts.
#[derive(Clone, Copy, Debug)]
pub struct Started {
    /// The vendor's device handle (`CUdevice`, the HIP device id).
    pub device: i32,
    /// What [`Backend::make_current`] makes current (a context; the HIP device id).
    pub context: usize,
    /// The stream of synchronous kernels and fills.
    pub sync_stream: usize,
    pub resident_blocks: usize,
    /// What [`Backend::order`] ranks images by (the CUDA compute capability).
    pub arch: i32,
}

/// A cached kernel: its function handle, the most threads a block may have, and what its
/// image says about it (its scratch buffer).
#[derive(Clone, Copy, Debug)]
pub struct Function {
    pub function: usize,
    pub max_threads: i32,
    pub facts: images::KernelFacts,
}

/// The direction of a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
}

/// The vendor calls a [`GpuDevice`] is built on. Every call checks its status and stops the
/// program on a failure (`accrt: error: <vendor> call <name> failed: <name> (<description>)`),
/// except where a result says otherwise.
pub(crate) trait Backend: Sync + 'static {
    fn kind(&self) -> DeviceKind;
    /// The kind of image this backend loads.
    fn image_kind(&self) -> images::ImageKind;
    /// Selects device `ordinal` and creates its synchronous stream.
    fn start(&self, ordinal: i32) -> Started;
    /// Makes `context` ([`Started::context`]) current on the calling thread.
    fn make_current(&self, context: usize);
    /// `None`: out of memory (the present table reports it naming the variable).
    fn alloc(&self, bytes: usize) -> Option<usize>;
    fn free(&self, device: usize);
    /// A blocking copy (`stream == None`) or one queued on `stream`.
    fn copy(
        &self,
        direction: Direction,
        to: usize,
        from: usize,
        bytes: usize,
        stream: Option<Handle>,
    );
    fn zero(&self, device: usize, bytes: usize, stream: Option<Handle>);
    fn stream_create(&self) -> Handle;
    fn stream_synchronize(&self, stream: Handle);
    /// Whether `stream` has finished its work.
    fn stream_finished(&self, stream: Handle) -> bool;
    /// Makes `waiter` wait for the work `waited` has now (an event recorded and waited for).
    fn stream_wait(&self, waiter: Handle, waited: Handle);
    fn host_func(&self, stream: Handle, function: HostFunc, data: *mut c_void);
    /// A new event that keeps timing (flags 0; `stream_wait`'s events do not).
    fn timing_event(&self) -> Handle;
    fn record(&self, event: Handle, stream: Handle);
    /// Whether the work before `event`'s record is done (`wait`: after waiting for it); `Err`
    /// rather than stopping the program, since timings are read late (at exit too).
    fn event_finished(&self, event: Handle, wait: bool) -> Result<bool, String>;
    /// Milliseconds between two finished timing events.
    fn elapsed_ms(&self, start: Handle, end: Handle) -> Result<f32, String>;
    fn event_destroy(&self, event: Handle);
    /// Sorts the candidate images for a device whose [`Started::arch`] is `arch`, most wanted
    /// first, and drops those it must not load.
    fn order(&self, arch: i32, candidates: &mut Vec<(usize, &Image)>);
    /// Loads an image as a module; `Err` says why it cannot be used (another may be).
    fn load(&self, image: &Image) -> Result<usize, String>;
    fn function(&self, module: usize, name: &str) -> Function;
    /// A module global's device address and size.
    fn global(&self, module: usize, name: &str) -> (usize, usize);
    /// Launches a kernel; stops the program when the launch fails.
    fn launch(
        &self,
        function: usize,
        grid: [u32; 3],
        block: [u32; 3],
        stream: Handle,
        args: *mut *mut c_void,
    );
    fn mock_launch(&self) -> Option<MockLaunch>;
    /// The device's name, total memory and free memory.
    fn device_info(&self, device: i32) -> (String, usize, usize);
    /// The vendor and the driver (`acc_property_vendor`, `acc_property_driver`).
    fn vendor(&self) -> &'static str;
    fn driver(&self) -> String;
}

thread_local! {
    /// The device current on this thread (as set by [`GpuDevice::enter`]).
    static CURRENT: Cell<Option<(DeviceKind, usize)>> = const { Cell::new(None) };
    /// Set while a mock runs a kernel's host version on this thread (`acc_on_device`).
    static IN_MOCK_KERNEL: Cell<Option<DeviceKind>> = const { Cell::new(None) };
}

/// The GPU type whose kernel this thread runs for a mock (its code then stands for device
/// code: `acc_on_device(acc_device_nvidia)` is true there for the CUDA mock).
pub fn mock_kernel_kind() -> Option<DeviceKind> {
    IN_MOCK_KERNEL.with(Cell::get)
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Makes `context` of `backend` current on the calling thread, unless [`CURRENT`] says it is.
fn make_current(backend: &'static dyn Backend, context: usize) {
    let mine = Some((backend.kind(), context));
    CURRENT.with(|current| {
        if current.get() != mine {
            backend.make_current(context);
            current.set(mine);
        }
    });
}

/// One GPU of a backend.
pub struct GpuDevice {
    backend: &'static dyn Backend,
    ordinal: i32,
    state: OnceLock<Started>,
    streams: Mutex<HashMap<QueueId, usize>>,
    functions: Mutex<HashMap<String, Option<Function>>>,
    /// Modules by image index, or why the image does not load.
    modules: Mutex<HashMap<usize, Result<usize, String>>>,
    /// The scratch buffer of each stream's launches: (address, bytes), kept for the next
    /// launch that needs no more, freed at shutdown.
    scratch: Mutex<HashMap<usize, (usize, usize)>>,
    /// Small blocks the program freed, kept for the next allocation of their size.
    blocks: Mutex<BlockCache>,
}

/// Device blocks of at most [`BlockCache::MAX_BLOCK`] bytes are kept when freed and handed
/// out again for the next allocation of the same size, as NVHPC's pool allocator does: a
/// compute construct maps its scalars (a reduction variable, a `kernels` construct's
/// firstprivate values) afresh at each launch, and `cuMemAlloc` and `cuMemFree` (which waits
/// for the whole device) cost more than the kernel of a short loop. A block is reused only
/// after its free: the exit actions of a queue's construct free its data after waiting for
/// that queue ([`Device::free`]), those without a queue after the synchronous copies back.
#[derive(Debug, Default)]
struct BlockCache {
    /// Free blocks by size.
    free: HashMap<usize, Vec<usize>>,
    /// The size of each block handed out that may be kept when freed.
    sizes: HashMap<usize, usize>,
    /// The bytes the free blocks hold.
    kept: usize,
}

impl BlockCache {
    /// The largest block kept.
    const MAX_BLOCK: usize = 1 << 20;
    /// The most bytes kept in free blocks.
    const MAX_KEPT: usize = 64 << 20;

    fn take(&mut self, bytes: usize) -> Option<usize> {
        let address = self.free.get_mut(&bytes)?.pop()?;
        self.kept -= bytes;
        self.sizes.insert(address, bytes);
        Some(address)
    }

    /// Whether the freed block at `address` is kept (else the caller frees it).
    fn keep(&mut self, address: usize) -> bool {
        let Some(bytes) = self.sizes.remove(&address) else {
            return false;
        };
        if self.kept + bytes > Self::MAX_KEPT {
            return false;
        }
        self.kept += bytes;
        self.free.entry(bytes).or_default().push(address);
        true
    }

    /// Empties the cache, returning the free blocks.
    fn drain(&mut self) -> Vec<usize> {
        self.kept = 0;
        self.free.drain().flat_map(|(_, blocks)| blocks).collect()
    }
}

impl std::fmt::Debug for GpuDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuDevice")
            .field("kind", &self.backend.kind())
            .field("ordinal", &self.ordinal)
            .finish_non_exhaustive()
    }
}

/// The size of a device pointer (a `declare link` variable's pointer global).
const POINTER_BYTES: usize = std::mem::size_of::<u64>();

impl GpuDevice {
    /// Device `ordinal` of `backend` (which the backend's device count found usable).
    pub(crate) fn new(backend: &'static dyn Backend, ordinal: i32) -> GpuDevice {
        GpuDevice {
            backend,
            ordinal,
            state: OnceLock::new(),
            streams: Mutex::new(HashMap::new()),
            functions: Mutex::new(HashMap::new()),
            modules: Mutex::new(HashMap::new()),
            scratch: Mutex::new(HashMap::new()),
            blocks: Mutex::new(BlockCache::default()),
        }
    }

    fn state(&self) -> &Started {
        self.state.get_or_init(|| {
            let started = self.backend.start(self.ordinal);
            CURRENT.with(|current| current.set(Some((self.backend.kind(), started.context))));
            started
        })
    }

    /// Makes this device current on the calling thread; returns the backend.
    fn enter(&self) -> &'static dyn Backend {
        make_current(self.backend, self.state().context);
        self.backend
    }

    /// The stream of async queue `queue` (created on first use), or the synchronous stream.
    fn stream(&self, queue: Option<QueueId>) -> Handle {
        let backend = self.enter();
        let Some(queue) = queue else {
            return self.state().sync_stream as Handle;
        };
        let mut streams = lock(&self.streams);
        *streams
            .entry(queue)
            .or_insert_with(|| backend.stream_create() as usize) as Handle
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
        self.enter().stream_synchronize(stream);
    }

    /// The kernel `name`, loading the image that holds it on first use; `None` when no image
    /// lists it.
    fn function(&self, name: &str) -> Option<Function> {
        if let Some(&cached) = lock(&self.functions).get(name) {
            return cached;
        }
        let backend = self.enter();
        let found = self
            .module_for(|image| image.kernels.iter().any(|kernel| kernel == name))
            .map(|(image, module)| Function {
                facts: image.facts_of(name),
                ..backend.function(module, name)
            });
        lock(&self.functions).insert(name.to_string(), found);
        found
    }

    /// The device copies of the registered images' globals (`links`: false), or the device
    /// pointers of their `declare link` variables (`links`: true), loading the images that
    /// define them: `(host, bytes, device)` each, where a link's `bytes` is its variable's
    /// size and `device` the pointer's address.
    fn image_globals(&self, links: bool) -> Vec<(usize, usize, usize)> {
        let kind = self.backend.image_kind();
        let mut hosts: Vec<usize> = images::images()
            .iter()
            .filter(|image| image.kind == kind)
            .flat_map(|image| image.globals.iter())
            .filter(|g| g.link.is_some() == links)
            .map(|g| g.host)
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        let mut found = Vec::new();
        for host in hosts {
            let Some((image, module)) = self.module_for(|image| {
                image
                    .globals
                    .iter()
                    .any(|g| g.host == host && g.link.is_some() == links)
            }) else {
                continue;
            };
            let Some(global) = image
                .globals
                .iter()
                .find(|g| g.host == host && g.link.is_some() == links)
            else {
                continue;
            };
            let (device, bytes) = self.enter().global(module, &global.name);
            let expected = if links { POINTER_BYTES } else { global.bytes };
            if bytes != expected {
                crate::error::internal(format!(
                    "the {} image's global '{}' has {bytes} bytes on the device, the program \
                     registered {}",
                    image.arch, global.name, expected
                ));
            }
            found.push((host, global.bytes, device));
        }
        found
    }

    /// The module of the first image (in the backend's order) that `wanted` accepts and that
    /// loads; `None` when no image is wanted; the program stops when none of them loads.
    fn module_for(&self, wanted: impl Fn(&Image) -> bool) -> Option<(Image, usize)> {
        let all = images::images();
        let kind = self.backend.image_kind();
        let mut candidates: Vec<(usize, &Image)> = all
            .iter()
            .enumerate()
            .filter(|(_, image)| image.kind == kind && wanted(image))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        self.backend.order(self.state().arch, &mut candidates);
        let mut reasons = Vec::new();
        for (index, image) in &candidates {
            match self.module(*index, image) {
                Ok(module) => return Some(((*image).clone(), module)),
                Err(reason) => reasons.push(reason),
            }
        }
        match reasons.len() {
            1 => fatal(reasons.remove(0)),
            _ => fatal(format!(
                "no {} device image loads on this device: {}",
                self.backend.kind().name(),
                reasons.join("; ")
            )),
        }
    }

    /// The module of image `index`, loaded on first use (a failure is remembered).
    fn module(&self, index: usize, image: &Image) -> Result<usize, String> {
        let backend = self.enter();
        let mut modules = lock(&self.modules);
        modules
            .entry(index)
            .or_insert_with(|| backend.load(image))
            .clone()
    }

    /// A scratch buffer of at least `bytes` for the launches of `stream` (which run one after
    /// another) from the device's `buffers`: the stream's buffer when it is large enough, else
    /// a new one. The old one is freed first, after the stream's queued kernels, which may use
    /// it, have finished: `cuMemFree` only "may perform implicit synchronization" (CUDA driver
    /// API reference), so the stream is synchronized. An allocation failure stops the program.
    fn scratch_buffer(
        &self,
        buffers: &mut HashMap<usize, (usize, usize)>,
        stream: usize,
        bytes: usize,
        kernel: &str,
    ) -> usize {
        let backend = self.enter();
        if let Some(&(address, size)) = buffers.get(&stream) {
            if size >= bytes {
                return address;
            }
            backend.stream_synchronize(stream as Handle);
            backend.free(address);
            buffers.remove(&stream);
        }
        let Some(address) = backend.alloc(bytes) else {
            fatal(format!(
                "out of memory allocating the {bytes}-byte scratch buffer of kernel '{kernel}' \
                 (its array reduction partials) on the {} device",
                self.backend.kind().name()
            ));
        };
        buffers.insert(stream, (address, bytes));
        address
    }

    /// Launches a kernel on its queue's stream, between two timing events when `timed`.
    fn launch_with(&self, launch: Launch, queue: Option<QueueId>, timed: bool) -> Option<GpuTimer> {
        let kind = self.backend.kind();
        let Some(code) = launch.code else {
            fatal(format!(
                "kernel '{}' has no argument array for the {} device",
                launch.name,
                kind.name()
            ));
        };
        let Some(function) = self.function(&launch.name) else {
            fatal(
                self.missing_kernel(&launch.name)
                    .unwrap_or_else(|| launch.name.clone()),
            );
        };
        let (mut grid, block) = match launch_shape(
            code.gangs,
            launch.num_workers,
            launch.vector_length,
            function.max_threads,
        ) {
            Ok(shape) => shape,
            Err(reason) => fatal(format!("kernel '{}': {reason}", launch.name)),
        };
        let backend = self.enter();
        let stream = self.stream(queue);
        // The scratch buffer's address, which the extended argument array points to (the
        // driver copies the values during the launch call). The buffers stay locked until the
        // launch is queued, so that no other host thread frees this one before (a free waits
        // for the stream's kernels queued before it, see `scratch_buffer`).
        let mut scratch_address = [0u64];
        let mut extended: Vec<*mut c_void> = Vec::new();
        let mut scratch_lock = None;
        // Argument 0, the gang counts `{G, G1, G2, G3}`, as launched.
        let mut gang_counts = code.gangs;
        let per_thread = function.facts.scratch_bytes;
        let args = if per_thread == 0 {
            code.args.array()
        } else {
            let cap = scratch_cap(backend.device_info(self.ordinal).1);
            let bytes;
            (grid, bytes) =
                match scratch_grid(grid, block, per_thread, cap, function.facts.fixed_gangs) {
                    Ok(fitted) => fitted,
                    Err(reason) => fatal(format!("kernel '{}': {reason}", launch.name)),
                };
            let buffers = scratch_lock.insert(lock(&self.scratch));
            scratch_address[0] =
                self.scratch_buffer(buffers, stream as usize, bytes, &launch.name) as u64;
            let Some(given) = code.args.values() else {
                crate::error::internal(format!(
                    "kernel '{}' needs a scratch buffer but its arguments were not captured",
                    launch.name
                ));
            };
            extended.extend_from_slice(given);
            extended.push(scratch_address.as_mut_ptr().cast());
            if let Some(first) = extended.first_mut() {
                // Fewer gangs: argument 0 says so too (the kernel reads the grid, but the
                // argument stays the grid's count, as the launch ABI has it).
                let [x, y, z] = grid.map(i64::from);
                gang_counts = [x * y * z, x, y, z];
                *first = gang_counts.as_mut_ptr().cast();
            }
            extended.as_mut_ptr()
        };
        let mock = backend.mock_launch();
        if let Some(hook) = mock {
            // SAFETY: the mock's hook takes the kernel's host functions and the argument array
            // the launch below passes; it only records them.
            unsafe { hook(Some(code.host), code.finish, gang_counts[0], args) };
        }
        let events = timed.then(|| {
            let (start, end) = (backend.timing_event(), backend.timing_event());
            backend.record(start, stream);
            (start, end)
        });
        IN_MOCK_KERNEL.with(|flag| flag.set(mock.map(|_| kind)));
        backend.launch(function.function, grid, block, stream, args);
        drop(scratch_lock);
        IN_MOCK_KERNEL.with(|flag| flag.set(None));
        if let Some((_, end)) = events {
            backend.record(end, stream);
        }
        if queue.is_none() {
            self.synchronize(stream);
        }
        events.map(|(start, end)| GpuTimer {
            backend,
            context: self.state().context,
            start: start as usize,
            end: end as usize,
        })
    }
}

/// The grid and block of a launch (the module documentation has the ABI).
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

/// The most bytes of scratch buffer a launch gets unless its construct fixes the gangs.
pub const SCRATCH_LIMIT: usize = 512 << 20;

/// The scratch buffer bound of a device with `total_memory` bytes (0: unknown): at most
/// [`SCRATCH_LIMIT`] and an eighth of the device's memory, so the program's own data keeps the
/// rest.
pub fn scratch_cap(total_memory: usize) -> usize {
    match total_memory {
        0 => SCRATCH_LIMIT,
        total => SCRATCH_LIMIT.min(total / 8),
    }
}

/// The grid of a launch whose kernel needs `per_thread` bytes of scratch buffer per thread,
/// and the buffer's size: `per_thread` × the threads of the grid. When that exceeds `cap`, the
/// launch gets fewer gangs along x (a gang loop divides its iterations by the real gang
/// count, so only the parallelism shrinks), at least one; unless `fixed_gangs`: the construct
/// gives `num_gangs`, whose count the redundant code of each gang observes, so the launch keeps
/// it as NVHPC does and the buffer is as large as it needs (an allocation that fails is an
/// error naming the kernel). An error when the size does not fit in memory at all.
pub fn scratch_grid(
    grid: [u32; 3],
    block: [u32; 3],
    per_thread: u64,
    cap: usize,
    fixed_gangs: bool,
) -> Result<([u32; 3], usize), String> {
    let block_threads: u128 = block.iter().map(|&b| u128::from(b.max(1))).product();
    // The bytes of one gang along x: its block's threads in every y and z gang.
    let column = u128::from(per_thread)
        * block_threads
        * u128::from(grid[1].max(1))
        * u128::from(grid[2].max(1));
    let mut fitted = grid;
    if !fixed_gangs && column * u128::from(grid[0].max(1)) > cap as u128 {
        let fits = (cap as u128 / column.max(1)).max(1);
        fitted[0] = u32::try_from(fits).unwrap_or(u32::MAX).min(grid[0]);
    }
    let bytes = column * u128::from(fitted[0].max(1));
    let bytes = usize::try_from(bytes)
        .ok()
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(|| {
            format!(
                "its array reduction partials need a scratch buffer of {bytes} bytes \
                 ({per_thread} per thread), more than memory can hold"
            )
        })?;
    Ok((fitted, bytes))
}

/// Two timing events recorded around a kernel on its stream ([`Device::launch_timed`]).
struct GpuTimer {
    backend: &'static dyn Backend,
    context: usize,
    start: usize,
    end: usize,
}

impl std::fmt::Debug for GpuTimer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuTimer")
            .field("kind", &self.backend.kind())
            .field("start", &self.start)
            .field("end", &self.end)
            .finish()
    }
}

impl GpuTimer {
    /// Makes the timer's device current on the calling thread (another thread than the
    /// launch's may read it, at exit for example).
    fn enter(&self) {
        make_current(self.backend, self.context);
    }
}

impl KernelTimer for GpuTimer {
    fn read(&self, wait: bool) -> Result<Option<std::time::Duration>, String> {
        self.enter();
        if !self.backend.event_finished(self.end as Handle, wait)? {
            return Ok(None);
        }
        let ms = self
            .backend
            .elapsed_ms(self.start as Handle, self.end as Handle)?;
        Ok(Some(std::time::Duration::from_secs_f64(
            f64::from(ms.max(0.0)) / 1e3,
        )))
    }
}

impl Drop for GpuTimer {
    fn drop(&mut self) {
        self.enter();
        self.backend.event_destroy(self.start as Handle);
        self.backend.event_destroy(self.end as Handle);
    }
}

struct Callback(QueueJob);

/// Runs a boxed job queued by [`Backend::host_func`].
unsafe extern "C" fn run_callback(data: *mut c_void) {
    // SAFETY: `data` is the `Box<Callback>` leaked by `host_callback`, run exactly once.
    let callback = unsafe { Box::from_raw(data as *mut Callback) };
    crate::error::guard("GPU host callback", callback.0);
}

impl Device for GpuDevice {
    fn kind(&self) -> DeviceKind {
        self.backend.kind()
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

    fn release_scratch(&self) {
        let mut buffers: Vec<usize> = lock(&self.scratch)
            .drain()
            .map(|(_, (address, _))| address)
            .collect();
        buffers.extend(lock(&self.blocks).drain());
        if buffers.is_empty() {
            return;
        }
        let backend = self.enter();
        for address in buffers {
            backend.free(address);
        }
    }

    fn alloc(&self, bytes: usize) -> Option<usize> {
        let bytes = bytes.max(1);
        let small = bytes <= BlockCache::MAX_BLOCK;
        if small {
            if let Some(address) = lock(&self.blocks).take(bytes) {
                return Some(address);
            }
        }
        let address = self.alloc_unpooled(bytes)?;
        if small {
            lock(&self.blocks).sizes.insert(address, bytes);
        }
        Some(address)
    }

    fn alloc_unpooled(&self, bytes: usize) -> Option<usize> {
        let bytes = bytes.max(1);
        let backend = self.enter();
        backend.alloc(bytes).or_else(|| {
            // Out of memory: give the kept blocks back and try once more.
            let kept = lock(&self.blocks).drain();
            if kept.is_empty() {
                return None;
            }
            for block in kept {
                backend.free(block);
            }
            backend.alloc(bytes)
        })
    }

    fn free(&self, device: usize, queue: Option<QueueId>) {
        if queue.is_some() {
            self.synchronize(self.stream(queue));
        }
        if !lock(&self.blocks).keep(device) {
            self.enter().free(device);
        }
    }

    fn copy_in(&self, device: usize, host: usize, bytes: usize, queue: Option<QueueId>) {
        self.copy(Direction::HostToDevice, device, host, bytes, queue);
    }

    fn copy_out(&self, host: usize, device: usize, bytes: usize, queue: Option<QueueId>) {
        self.copy(Direction::DeviceToHost, host, device, bytes, queue);
    }

    fn copy_device(&self, destination: usize, source: usize, bytes: usize, queue: Option<QueueId>) {
        if destination != source {
            self.copy(Direction::DeviceToDevice, destination, source, bytes, queue);
        }
    }

    fn fill_zero(&self, device: usize, bytes: usize, queue: Option<QueueId>) {
        if bytes == 0 {
            return;
        }
        let backend = self.enter();
        let stream = queue.map(|_| self.stream(queue));
        backend.zero(device, bytes, stream);
    }

    fn write_pointer(&self, location: usize, value: usize, queue: Option<QueueId>) {
        let bytes = value.to_ne_bytes();
        // The source is pageable host memory: an async copy stages it before returning.
        self.copy_in(location, bytes.as_ptr() as usize, bytes.len(), queue);
    }

    fn module_globals(&self) -> Vec<(usize, usize, usize)> {
        self.image_globals(false)
    }

    fn module_links(&self) -> Vec<(usize, usize, usize)> {
        self.image_globals(true)
    }

    fn missing_kernel(&self, name: &str) -> Option<String> {
        match self.function(name) {
            Some(_) => None,
            None => Some(format!(
                "kernel '{name}' is in no {} device image: accc's link kept its region on the \
                 host (link with -fopt-info-acc to see why), and host code cannot run on data \
                 in GPU memory",
                match self.backend.kind() {
                    DeviceKind::Radeon => "AMD",
                    _ => "NVIDIA",
                }
            )),
        }
    }

    fn launch(&self, launch: Launch, queue: Option<QueueId>) {
        self.launch_with(launch, queue, false);
    }

    fn launch_timed(&self, launch: Launch, queue: Option<QueueId>) -> Option<Box<dyn KernelTimer>> {
        self.launch_with(launch, queue, true)
            .map(|timer| Box::new(timer) as Box<dyn KernelTimer>)
    }

    fn host_callback(&self, queue: Option<QueueId>, job: QueueJob) {
        if queue.is_none() {
            job();
            return;
        }
        let backend = self.enter();
        let stream = self.stream(queue);
        let data = Box::into_raw(Box::new(Callback(job))) as *mut c_void;
        backend.host_func(stream, run_callback, data);
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
        stream.is_none_or(|stream| self.enter().stream_finished(stream as Handle))
    }

    fn test_all(&self) -> bool {
        self.queue_streams()
            .into_iter()
            .all(|(_, stream)| self.enter().stream_finished(stream as Handle))
    }

    fn join(&self, waiter: QueueId, waited: QueueId) {
        if waiter == waited || !lock(&self.streams).contains_key(&waited) {
            return;
        }
        let (waiter, waited) = (self.stream(Some(waiter)), self.stream(Some(waited)));
        self.enter().stream_wait(waiter, waited);
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
        let device = self.state().device;
        let backend = self.enter();
        let (name, memory, free_memory) = backend.device_info(device);
        // The blocks the cache keeps are free to the program's next allocations: counted as
        // free, `acc_free` of a small block raises the free memory by its size, as the block
        // would if it went back to the driver (which itself keeps freed memory in its own
        // pages: the kept blocks are counted whatever the driver reports).
        let kept = lock(&self.blocks).kept;
        Properties {
            name,
            vendor: backend.vendor().to_string(),
            driver: backend.driver(),
            memory,
            free_memory: free_memory.saturating_add(kept).min(memory),
            shared_memory: false,
        }
    }
}

impl GpuDevice {
    fn copy(
        &self,
        direction: Direction,
        to: usize,
        from: usize,
        bytes: usize,
        queue: Option<QueueId>,
    ) {
        if bytes == 0 {
            return;
        }
        let backend = self.enter();
        let stream = queue.map(|_| self.stream(queue));
        backend.copy(direction, to, from, bytes, stream);
    }
}

/// `NAME (description)` of a vendor status, from its name and description (either may be
/// unknown).
pub fn describe(
    status: i32,
    name: Option<String>,
    text: Option<String>,
    status_type: &str,
) -> String {
    match (name, text) {
        (Some(name), Some(text)) => format!("{name} ({text})"),
        (Some(name), None) => name,
        _ => format!("{status_type} {status}"),
    }
}

/// A vendor's static C string, `None` for null.
///
/// # Safety
/// `pointer` is null or a NUL-terminated string that lives for the call.
pub unsafe fn c_text(pointer: *const std::ffi::c_char) -> Option<String> {
    if pointer.is_null() {
        None
    } else {
        // SAFETY: non-null and NUL-terminated (the caller's contract).
        Some(
            unsafe { CStr::from_ptr(pointer) }
                .to_string_lossy()
                .into_owned(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_blocks_are_kept_for_the_next_allocation_of_their_size() {
        let mut cache = BlockCache::default();
        // Only blocks handed out as small ones are kept.
        assert!(!cache.keep(0x1000));
        cache.sizes.insert(0x1000, 8);
        cache.sizes.insert(0x2000, 8);
        cache.sizes.insert(0x3000, 16);
        assert!(cache.keep(0x1000) && cache.keep(0x3000));
        assert_eq!(cache.kept, 24);
        assert_eq!(cache.take(8), Some(0x1000));
        assert_eq!(cache.take(8), None);
        assert_eq!(cache.take(16), Some(0x3000));
        assert_eq!(cache.kept, 0);
        // A block taken again is kept again when freed; the cache holds at most MAX_KEPT.
        assert!(cache.keep(0x1000));
        cache.kept = BlockCache::MAX_KEPT;
        assert!(!cache.keep(0x2000));
        assert_eq!(cache.drain(), vec![0x1000]);
        assert_eq!(cache.kept, 0);
    }

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

    #[test]
    fn the_scratch_buffer_is_bounded_by_a_fraction_of_device_memory() {
        assert_eq!(scratch_cap(0), SCRATCH_LIMIT);
        assert_eq!(scratch_cap(80 << 30), SCRATCH_LIMIT);
        assert_eq!(scratch_cap(1 << 30), 128 << 20);
    }

    #[test]
    fn scratch_buffers_fit_the_cap_with_fewer_gangs() {
        const MIB: usize = 1 << 20;
        // 2112 gangs of 128 threads, 8 KiB each: 2.1 GiB, so 512 gangs (512 MiB) run.
        assert_eq!(
            scratch_grid([2112, 1, 1], [128, 1, 1], 8192, 512 * MIB, false),
            Ok(([512, 1, 1], 512 * MIB))
        );
        // What fits keeps its grid; the size is per thread × threads of the grid.
        assert_eq!(
            scratch_grid([16, 1, 1], [32, 4, 1], 4096, 512 * MIB, false),
            Ok(([16, 1, 1], 16 * 128 * 4096))
        );
        // Gangs along y and z stay; x shrinks to what fits beside them, at least one gang.
        assert_eq!(
            scratch_grid([100, 4, 2], [256, 1, 1], 1024, 16 * MIB, false),
            Ok(([8, 4, 2], 8 * 4 * 2 * 256 * 1024))
        );
        assert_eq!(
            scratch_grid([100, 64, 1], [1024, 1, 1], 1 << 20, 16 * MIB, false),
            Ok(([1, 64, 1], 64 << 30))
        );
        // `num_gangs` given: the launch keeps its gangs past the cap.
        assert_eq!(
            scratch_grid([4096, 1, 1], [128, 1, 1], 16384, 512 * MIB, true),
            Ok(([4096, 1, 1], 4096 * 128 * 16384))
        );
        // One-thread blocks (a kernel compiled for them) need one copy per gang.
        assert_eq!(
            scratch_grid([64, 1, 1], [1, 1, 1], 4096, 512 * MIB, false),
            Ok(([64, 1, 1], 64 * 4096))
        );
        // A size no memory holds is an error that says so.
        assert!(
            scratch_grid([u32::MAX, 65535, 65535], [1024, 1, 1], u64::MAX, MIB, true)
                .unwrap_err()
                .contains("more than memory can hold")
        );
    }

    #[test]
    fn statuses_are_described_by_name_and_text() {
        assert_eq!(
            describe(
                2,
                Some("E".into()),
                Some("out of memory".into()),
                "CUresult"
            ),
            "E (out of memory)"
        );
        assert_eq!(describe(7, None, None, "hipError_t"), "hipError_t 7");
    }
}
