//! The `radeon` device's backend: the HIP runtime API (`libamdhip64.so.7`, `.so.6`, `.so.5`,
//! then `libamdhip64.so`, opened with `dlopen` when the program first asks for an AMD device; no
//! ROCm is needed to build libaccrt). The device itself, its queues, launches and globals, is
//! [`crate::gpudev::GpuDevice`], shared with the CUDA backend; this module is its table of HIP
//! calls.
//!
//! * Calls: the HIP runtime API of `hip_runtime_api.h` (ROCm 5 and later). Every call's
//!   `hipError_t` is checked: a failure ends the program with `accrt: error: HIP runtime call
//!   <name> failed: <hipGetErrorName> (<hipGetErrorString>)`, except `hipMalloc` running out of
//!   memory, which the present table reports naming the variable. `hipGetDeviceProperties` is
//!   not used (its struct's layout changes between ROCm versions): the device is described by
//!   `hipDeviceGetAttribute` (multiprocessors, threads per multiprocessor), `hipDeviceGetName`,
//!   `hipDeviceTotalMem`, `hipMemGetInfo` and `hipDriverGetVersion`.
//! * Device: HIP has a current device per host thread, not contexts: the device is made current
//!   with `hipSetDevice` on every thread that uses it.
//! * Copies are `hipMemcpyHtoD`/`DtoH`/`DtoD` (blocking) and their `Async` forms on a stream;
//!   fills `hipMemsetD8(Async)`; streams `hipStreamCreateWithFlags(hipStreamNonBlocking)`;
//!   `join` is `hipEventRecord` + `hipStreamWaitEvent`; host callbacks `hipLaunchHostFunc`.
//! * Kernels: the link embeds one AMDGPU code object (ELF) per `gfx` architecture; a code
//!   object runs only on its own architecture, so the images that list a kernel are tried in
//!   registration order with `hipModuleLoadData` and the first that loads is used (when none
//!   does, the program stops with each load's error). A kernel's block limit is
//!   `HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK` (the code object's `.max_flat_workgroup_size`:
//!   1 for one-thread kernels). Launches are `hipModuleLaunchKernel` with the argument array as
//!   `kernelParams`, as for CUDA.
//! * Globals: `hipModuleGetGlobal`.
//!
//! The mock runtime of `tests/mockcuda/` (`mockcuda.c` built with `-DMOCK_HIP` as
//! `libamdhip64.so` by `tests/hip.sh`) exports the launch hook described in [`crate::gpudev`].
//!
//! This is one of the runtime's FFI modules.

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::sync::OnceLock;

use crate::device::DeviceKind;
use crate::error::fatal;
use crate::gpudev::{self, c_text, vendor_api, Backend, Handle, HostFunc, MockLaunch, Started};
use crate::images::{Image, ImageKind};

type HipError = c_int;

const HIP_SUCCESS: HipError = 0;
const HIP_ERROR_OUT_OF_MEMORY: HipError = 2;
const HIP_ERROR_NOT_READY: HipError = 600;
const HIP_STREAM_NON_BLOCKING: c_uint = 1;
const HIP_EVENT_DISABLE_TIMING: c_uint = 2;
/// `hipDeviceAttribute_t` (ROCm 5 and later; not CUDA's numbers).
const HIP_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: c_int = 57;
const HIP_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: c_int = 63;
const HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: c_int = 0;

vendor_api! {
    Api -> HipError {
        init = "hipInit"(c_uint);
        driver_get_version = "hipDriverGetVersion"(*mut c_int);
        get_device_count = "hipGetDeviceCount"(*mut c_int);
        set_device = "hipSetDevice"(c_int);
        device_get_name = "hipDeviceGetName"(*mut c_char, c_int, c_int);
        device_total_mem = "hipDeviceTotalMem"(*mut usize, c_int);
        device_get_attribute = "hipDeviceGetAttribute"(*mut c_int, c_int, c_int);
        mem_get_info = "hipMemGetInfo"(*mut usize, *mut usize);
        mem_alloc = "hipMalloc"(*mut *mut c_void, usize);
        mem_free = "hipFree"(*mut c_void);
        memcpy_htod = "hipMemcpyHtoD"(*mut c_void, *const c_void, usize);
        memcpy_dtoh = "hipMemcpyDtoH"(*mut c_void, *mut c_void, usize);
        memcpy_dtod = "hipMemcpyDtoD"(*mut c_void, *mut c_void, usize);
        memcpy_htod_async = "hipMemcpyHtoDAsync"(*mut c_void, *const c_void, usize, Handle);
        memcpy_dtoh_async = "hipMemcpyDtoHAsync"(*mut c_void, *mut c_void, usize, Handle);
        memcpy_dtod_async = "hipMemcpyDtoDAsync"(*mut c_void, *mut c_void, usize, Handle);
        memset_d8 = "hipMemsetD8"(*mut c_void, u8, usize);
        memset_d8_async = "hipMemsetD8Async"(*mut c_void, u8, usize, Handle);
        stream_create = "hipStreamCreateWithFlags"(*mut Handle, c_uint);
        stream_synchronize = "hipStreamSynchronize"(Handle);
        stream_query = "hipStreamQuery"(Handle);
        stream_wait_event = "hipStreamWaitEvent"(Handle, Handle, c_uint);
        event_create = "hipEventCreateWithFlags"(*mut Handle, c_uint);
        event_record = "hipEventRecord"(Handle, Handle);
        event_destroy = "hipEventDestroy"(Handle);
        event_query = "hipEventQuery"(Handle);
        event_synchronize = "hipEventSynchronize"(Handle);
        event_elapsed = "hipEventElapsedTime"(*mut f32, Handle, Handle);
        launch_host_func = "hipLaunchHostFunc"(Handle, HostFunc, *mut c_void);
        module_load_data = "hipModuleLoadData"(*mut Handle, *const c_void);
        module_get_function = "hipModuleGetFunction"(*mut Handle, Handle, *const c_char);
        module_get_global = "hipModuleGetGlobal"(*mut *mut c_void, *mut usize, Handle, *const c_char);
        func_get_attribute = "hipFuncGetAttribute"(*mut c_int, c_int, Handle);
        launch_kernel = "hipModuleLaunchKernel"(Handle, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, Handle, *mut *mut c_void, *mut *mut c_void);
    }
}

/// `hipGetErrorName` and `hipGetErrorString`, which return the string itself.
type ErrorText = unsafe extern "C" fn(HipError) -> *const c_char;

/// The loaded HIP runtime: its entry points, the mock's hook if any, and the device count.
pub struct Runtime {
    api: Api,
    error_name: ErrorText,
    error_string: ErrorText,
    mock_launch: Option<MockLaunch>,
    library: &'static str,
    devices: i32,
    version: i32,
}

impl std::fmt::Debug for Runtime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime")
            .field("devices", &self.devices)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

// SAFETY: the HIP runtime is thread-safe; the struct holds only function pointers and numbers.
unsafe impl Send for Runtime {}
// SAFETY: as above.
unsafe impl Sync for Runtime {}

/// The runtime, loaded and initialised on first use; the error says why it cannot be used.
pub fn runtime() -> Result<&'static Runtime, String> {
    static RUNTIME: OnceLock<Result<Runtime, String>> = OnceLock::new();
    RUNTIME.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// The HIP runtime's library names, newest first (ROCm 7, 6, 5, then the unversioned name).
pub const LIBRARIES: &[&str] = &[
    "libamdhip64.so.7",
    "libamdhip64.so.6",
    "libamdhip64.so.5",
    "libamdhip64.so",
];

fn load() -> Result<Runtime, String> {
    let libraries = LIBRARIES;
    let mut last_error = String::new();
    let (library, handle) = libraries
        .iter()
        .find_map(|library| match gpudev::open(library) {
            Ok(handle) => Some((*library, handle)),
            Err(error) => {
                last_error = error;
                None
            }
        })
        .ok_or_else(|| {
            format!(
                "the HIP runtime library cannot be loaded (tried {}; {last_error})",
                libraries.join(", ")
            )
        })?;
    let unusable =
        |error: String| format!("the HIP runtime library {library} is unusable: {error}");
    // SAFETY: the handle of libamdhip64, which exports the HIP runtime API.
    let api = unsafe { Api::load(handle) }.map_err(unusable)?;
    let text = |name: &str| {
        gpudev::symbol(handle, name)
            .map(|address| {
                // SAFETY: `hipGetErrorName`/`hipGetErrorString` have this C signature.
                unsafe { std::mem::transmute::<*mut c_void, ErrorText>(address) }
            })
            .ok_or_else(|| unusable(format!("it lacks the symbol {name}")))
    };
    let mut runtime = Runtime {
        api,
        error_name: text("hipGetErrorName")?,
        error_string: text("hipGetErrorString")?,
        mock_launch: gpudev::mock_hook(handle),
        library,
        devices: 0,
        version: 0,
    };
    // SAFETY: plain runtime calls with valid out-pointers.
    let status = unsafe { (runtime.api.init)(0) };
    if status != HIP_SUCCESS {
        return Err(format!(
            "the HIP runtime cannot be initialised: hipInit failed: {}",
            runtime.describe(status)
        ));
    }
    let mut count = 0;
    // SAFETY: as above. No device is an error status, not a count of 0.
    let status = unsafe { (runtime.api.get_device_count)(&mut count) };
    if status != HIP_SUCCESS || count <= 0 {
        return Err(format!(
            "the HIP runtime ({library}) finds no device{}",
            if status == HIP_SUCCESS {
                String::new()
            } else {
                format!(": hipGetDeviceCount failed: {}", runtime.describe(status))
            }
        ));
    }
    let mut version = 0;
    // SAFETY: as above.
    runtime.call("hipDriverGetVersion", unsafe {
        (runtime.api.driver_get_version)(&mut version)
    });
    runtime.devices = count;
    runtime.version = version;
    Ok(runtime)
}

impl Runtime {
    /// `NAME (description)` of a `hipError_t`.
    fn describe(&self, status: HipError) -> String {
        // SAFETY: the runtime returns static strings (or null).
        let (name, text) = unsafe {
            (
                c_text((self.error_name)(status)),
                c_text((self.error_string)(status)),
            )
        };
        gpudev::describe(status, name, text, "hipError_t")
    }

    /// Ends the program when a runtime call failed.
    fn call(&self, name: &str, status: HipError) {
        if status != HIP_SUCCESS {
            fatal(format!(
                "HIP runtime call {name} failed: {}",
                self.describe(status)
            ));
        }
    }
}

/// How many AMD devices this process can use, or why it can use none.
pub fn device_count() -> Result<i32, String> {
    runtime().map(|runtime| runtime.devices)
}

/// The runtime, which exists once an AMD device was created (see [`device_count`]).
fn backend() -> &'static Runtime {
    match runtime() {
        Ok(runtime) => runtime,
        Err(reason) => fatal(format!("no radeon device is available: {reason}")),
    }
}

/// Device `ordinal` of the runtime (which [`device_count`] found usable).
pub fn device(ordinal: i32) -> gpudev::GpuDevice {
    gpudev::GpuDevice::new(backend(), ordinal)
}

impl Backend for Runtime {
    fn kind(&self) -> DeviceKind {
        DeviceKind::Radeon
    }

    fn image_kind(&self) -> ImageKind {
        ImageKind::Hsaco
    }

    fn start(&self, ordinal: i32) -> Started {
        self.make_current(ordinal as usize);
        let attribute = |which: c_int| {
            let mut value = 0;
            // SAFETY: a valid out-pointer and a device the runtime counted.
            self.call("hipDeviceGetAttribute", unsafe {
                (self.api.device_get_attribute)(&mut value, which, ordinal)
            });
            value
        };
        let cus = attribute(HIP_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        let per_cu = attribute(HIP_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
        Started {
            device: ordinal,
            context: ordinal as usize,
            sync_stream: self.stream_create() as usize,
            resident_blocks: (cus.max(1) as usize) * (per_cu.max(128) as usize / 128),
            arch: 0,
        }
    }

    fn make_current(&self, context: usize) {
        // SAFETY: a device ordinal the runtime counted.
        self.call("hipSetDevice", unsafe {
            (self.api.set_device)(context as c_int)
        });
    }

    gpudev::mirrored_calls! {
        device_pointer: *mut c_void,
        success: HIP_SUCCESS,
        out_of_memory: HIP_ERROR_OUT_OF_MEMORY,
        not_ready: HIP_ERROR_NOT_READY,
        stream_flags: HIP_STREAM_NON_BLOCKING,
        event_flags: HIP_EVENT_DISABLE_TIMING,
        max_threads_attribute: HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
        names: [
            "hipMalloc", "hipFree",
            "hipMemcpyHtoD", "hipMemcpyDtoH", "hipMemcpyDtoD",
            "hipMemcpyHtoDAsync", "hipMemcpyDtoHAsync", "hipMemcpyDtoDAsync",
            "hipMemsetD8", "hipMemsetD8Async",
            "hipStreamCreateWithFlags", "hipStreamSynchronize", "hipStreamQuery",
            "hipEventCreateWithFlags", "hipEventRecord", "hipStreamWaitEvent",
            "hipEventDestroy", "hipLaunchHostFunc",
            "hipEventQuery", "hipEventSynchronize", "hipEventElapsedTime",
            "hipModuleGetFunction", "hipFuncGetAttribute",
            "hipModuleGetGlobal", "hipModuleLaunchKernel",
            "hipDeviceGetName", "hipDeviceTotalMem", "hipMemGetInfo",
        ]
    }

    fn order(&self, _arch: i32, _candidates: &mut Vec<(usize, &Image)>) {
        // Registration order: only the device's own architecture loads, and the load says so.
    }

    fn load(&self, image: &Image) -> Result<usize, String> {
        let mut module: Handle = std::ptr::null_mut();
        // SAFETY: the code object's bytes, alive across the call (the runtime copies them).
        let status = unsafe {
            (self.api.module_load_data)(&mut module, image.bytes.as_ptr() as *const c_void)
        };
        if status == HIP_SUCCESS {
            return Ok(module as usize);
        }
        Err(format!(
            "HIP runtime call hipModuleLoadData failed: {} loading the {} code object ({} \
             bytes, kernels {})",
            self.describe(status),
            image.arch,
            image.bytes.len(),
            image.kernels.join(" "),
        ))
    }

    fn vendor(&self) -> &'static str {
        "AMD"
    }

    fn driver(&self) -> String {
        format!("HIP {} ({})", version_text(self.version), self.library)
    }
}

/// `major.minor` of a HIP version number (`HIP_VERSION`: major × 10⁷ + minor × 10⁵ + patch).
fn version_text(version: i32) -> String {
    format!("{}.{}", version / 10_000_000, version / 100_000 % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hip_versions_read_as_major_minor() {
        assert_eq!(version_text(60_342_134), "6.3");
        assert_eq!(version_text(50_700_000), "5.7");
    }
}
