//! The `nvidia` device's backend: the CUDA driver API (`libcuda.so.1`, opened with `dlopen` when
//! the program first asks for an NVIDIA device; no CUDA toolkit is needed to build libaccrt).
//! The device itself, its queues, launches and globals, is [`crate::gpudev::GpuDevice`], shared
//! with the HIP backend; this module is its table of CUDA calls.
//!
//! * Symbols: the versioned names `cuda.h` maps to (`cuMemAlloc_v2`, `cuMemcpyHtoD_v2`, ...;
//!   the plain names are the old 32-bit ABI). Every call's `CUresult` is checked: a failure ends
//!   the program with `accrt: error: CUDA driver call <name> failed: <cuGetErrorName>
//!   (<cuGetErrorString>)`, except `cuMemAlloc_v2` running out of memory, which the present
//!   table reports as the OpenACC out-of-memory error naming the variable.
//! * Context: each device's primary context, retained once (`cuDevicePrimaryCtxRetain`) and made
//!   current on every host thread that uses the device (`cuCtxSetCurrent`).
//! * Streams are non-blocking `CUstream`s; `join` is `cuEventRecord` + `cuStreamWaitEvent`; host
//!   callbacks are `cuLaunchHostFunc`.
//! * Kernels: the PTX image for the newest architecture the device runs (else the oldest) is
//!   loaded with `cuModuleLoadDataEx` with the JIT info and error logs (a failed load prints the
//!   error log); a kernel's block limit is `CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK`.
//!   Launches are `cuLaunchKernel` with the argument array as `kernelParams`.
//! * Globals: `cuModuleGetGlobal_v2`.
//!
//! The mock driver of `tests/mockcuda/` (built as `libcuda.so.1` by `tests/cuda.sh`) exports
//! the launch hook described in [`crate::gpudev`].
//!
//! This is one of the runtime's FFI modules.

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::sync::OnceLock;

use crate::device::DeviceKind;
use crate::error::fatal;
use crate::gpudev::{self, c_text, vendor_api, Backend, Handle, HostFunc, MockLaunch, Started};
use crate::images::{Image, ImageKind};

type CuResult = c_int;
type CuDevice = c_int;
type CuDevicePtr = u64;

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
const LOG_BYTES: usize = 16 * 1024;

vendor_api! {
    Api -> CuResult {
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
        event_query = "cuEventQuery"(Handle);
        event_synchronize = "cuEventSynchronize"(Handle);
        event_elapsed = "cuEventElapsedTime"(*mut f32, Handle, Handle);
        launch_host_func = "cuLaunchHostFunc"(Handle, HostFunc, *mut c_void);
        module_load_data_ex = "cuModuleLoadDataEx"(*mut Handle, *const c_void, c_uint, *mut c_int, *mut *mut c_void);
        module_get_function = "cuModuleGetFunction"(*mut Handle, Handle, *const c_char);
        module_get_global = "cuModuleGetGlobal_v2"(*mut CuDevicePtr, *mut usize, Handle, *const c_char);
        func_get_attribute = "cuFuncGetAttribute"(*mut c_int, c_int, Handle);
        launch_kernel = "cuLaunchKernel"(Handle, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, Handle, *mut *mut c_void, *mut *mut c_void);
        get_error_name = "cuGetErrorName"(CuResult, *mut *const c_char);
        get_error_string = "cuGetErrorString"(CuResult, *mut *const c_char);
    }
}

/// The loaded driver: its entry points, the mock's hook if any, and the device count.
pub struct Driver {
    api: Api,
    mock_launch: Option<MockLaunch>,
    devices: i32,
    version: i32,
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("devices", &self.devices)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

// SAFETY: the driver API is thread-safe; the struct holds only function pointers and numbers.
unsafe impl Send for Driver {}
// SAFETY: as above.
unsafe impl Sync for Driver {}

/// The driver, loaded and initialised on first use; the error says why it cannot be used.
pub fn driver() -> Result<&'static Driver, String> {
    static DRIVER: OnceLock<Result<Driver, String>> = OnceLock::new();
    DRIVER.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// The CUDA driver's library, the one name it is loaded by.
pub const LIBRARIES: &[&str] = &[LIBRARY];
const LIBRARY: &str = "libcuda.so.1";

fn load() -> Result<Driver, String> {
    let handle = gpudev::open(LIBRARY).map_err(|reason| {
        format!("the CUDA driver library {LIBRARY} cannot be loaded ({reason})")
    })?;
    // SAFETY: the handle of libcuda, which exports the driver API.
    let api = unsafe { Api::load(handle) }
        .map_err(|error| format!("the CUDA driver library {LIBRARY} is unusable: {error}"))?;
    let mut driver = Driver {
        api,
        mock_launch: gpudev::mock_hook(handle),
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
        let (name, text) = unsafe {
            (self.api.get_error_name)(status, &mut name);
            (self.api.get_error_string)(status, &mut text);
            (c_text(name), c_text(text))
        };
        gpudev::describe(status, name, text, "CUresult")
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

/// The driver, which exists once an NVIDIA device was created (see [`device_count`]).
pub fn backend() -> &'static Driver {
    match driver() {
        Ok(driver) => driver,
        Err(reason) => fatal(format!("no nvidia device is available: {reason}")),
    }
}

/// Device `ordinal` of the driver (which [`device_count`] found usable).
pub fn device(ordinal: i32) -> gpudev::GpuDevice {
    gpudev::GpuDevice::new(backend(), ordinal)
}

/// A PTX architecture's number (`sm_90a` is 90).
fn arch_number(arch: &str) -> i32 {
    arch.strip_prefix("sm_")
        .and_then(|digits| digits.trim_end_matches('a').parse::<i32>().ok())
        .unwrap_or(0)
}

/// Keeps, of the PTX images in `candidates`, the one for the newest architecture a device of
/// compute capability `capability` runs, else the oldest: PTX is forward-compatible (the driver
/// JIT-compiles it for newer devices), never backward.
fn choose_ptx(capability: i32, candidates: &mut Vec<(usize, &Image)>) {
    let best = candidates
        .iter()
        .copied()
        .filter(|(_, image)| arch_number(&image.arch) <= capability)
        .max_by_key(|(_, image)| arch_number(&image.arch))
        .or_else(|| {
            candidates
                .iter()
                .copied()
                .min_by_key(|(_, image)| arch_number(&image.arch))
        });
    candidates.clear();
    candidates.extend(best);
}

impl Backend for Driver {
    fn kind(&self) -> DeviceKind {
        DeviceKind::Nvidia
    }

    fn image_kind(&self) -> ImageKind {
        ImageKind::Ptx
    }

    fn start(&self, ordinal: i32) -> Started {
        let mut device = 0;
        // SAFETY: driver calls with valid out-pointers.
        self.call("cuDeviceGet", unsafe {
            (self.api.device_get)(&mut device, ordinal)
        });
        let mut context: Handle = std::ptr::null_mut();
        // SAFETY: as above; the primary context is retained once for the process.
        self.call("cuDevicePrimaryCtxRetain", unsafe {
            (self.api.primary_ctx_retain)(&mut context, device)
        });
        self.make_current(context as usize);
        let attribute = |which: c_int| {
            let mut value = 0;
            // SAFETY: as above.
            self.call("cuDeviceGetAttribute", unsafe {
                (self.api.device_get_attribute)(&mut value, which, device)
            });
            value
        };
        let sms = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        let per_sm = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
        let capability = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) * 10
            + attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        Started {
            device,
            context: context as usize,
            sync_stream: self.stream_create() as usize,
            resident_blocks: (sms.max(1) as usize) * (per_sm.max(128) as usize / 128),
            arch: capability,
        }
    }

    fn make_current(&self, context: usize) {
        // SAFETY: the retained primary context.
        self.call("cuCtxSetCurrent", unsafe {
            (self.api.ctx_set_current)(context as Handle)
        });
    }

    gpudev::mirrored_calls! {
        device_pointer: CuDevicePtr,
        success: CUDA_SUCCESS,
        out_of_memory: CUDA_ERROR_OUT_OF_MEMORY,
        not_ready: CUDA_ERROR_NOT_READY,
        stream_flags: CU_STREAM_NON_BLOCKING,
        event_flags: CU_EVENT_DISABLE_TIMING,
        max_threads_attribute: CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
        names: [
            "cuMemAlloc_v2", "cuMemFree_v2",
            "cuMemcpyHtoD_v2", "cuMemcpyDtoH_v2", "cuMemcpyDtoD_v2",
            "cuMemcpyHtoDAsync_v2", "cuMemcpyDtoHAsync_v2", "cuMemcpyDtoDAsync_v2",
            "cuMemsetD8_v2", "cuMemsetD8Async",
            "cuStreamCreate", "cuStreamSynchronize", "cuStreamQuery",
            "cuEventCreate", "cuEventRecord", "cuStreamWaitEvent",
            "cuEventDestroy_v2", "cuLaunchHostFunc",
            "cuEventQuery", "cuEventSynchronize", "cuEventElapsedTime",
            "cuModuleGetFunction", "cuFuncGetAttribute",
            "cuModuleGetGlobal_v2", "cuLaunchKernel",
            "cuDeviceGetName", "cuDeviceTotalMem_v2", "cuMemGetInfo_v2",
        ]
    }

    fn order(&self, capability: i32, candidates: &mut Vec<(usize, &Image)>) {
        choose_ptx(capability, candidates);
    }

    fn load(&self, image: &Image) -> Result<usize, String> {
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
            (self.api.module_load_data_ex)(
                &mut module,
                ptx.as_ptr() as *const c_void,
                options.len() as c_uint,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        if status == CUDA_SUCCESS {
            return Ok(module as usize);
        }
        let text = |buffer: &[u8]| {
            let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
            String::from_utf8_lossy(&buffer[..end]).trim().to_string()
        };
        let log = [text(&error), text(&info)]
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        Err(format!(
            "CUDA driver call cuModuleLoadDataEx failed: {} loading the {} PTX image ({} \
             bytes, kernels {}){}",
            self.describe(status),
            image.arch,
            image.bytes.len(),
            image.kernels.join(" "),
            if log.is_empty() {
                String::new()
            } else {
                format!("; JIT log:\n{log}")
            }
        ))
    }

    fn vendor(&self) -> &'static str {
        "NVIDIA"
    }

    fn driver(&self) -> String {
        format!(
            "CUDA driver {}.{}",
            self.version / 1000,
            self.version % 1000 / 10
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_ptx_the_device_runs_is_chosen() {
        let image = |arch: &str| Image {
            arch: arch.to_string(),
            kind: ImageKind::Ptx,
            bytes: Vec::new(),
            kernels: Vec::new(),
            facts: Vec::new(),
            globals: Vec::new(),
        };
        let images = [image("sm_70"), image("sm_90a"), image("sm_80")];
        let chosen = |capability| {
            let mut candidates: Vec<(usize, &Image)> = images.iter().enumerate().collect();
            choose_ptx(capability, &mut candidates);
            candidates
                .iter()
                .map(|(index, _)| *index)
                .collect::<Vec<_>>()
        };
        assert_eq!(chosen(86), [2]);
        assert_eq!(chosen(90), [1]);
        assert_eq!(chosen(75), [0]);
        // Older than every image: the oldest, whose load then reports the failure.
        assert_eq!(chosen(60), [0]);
    }

    #[test]
    fn ptx_architectures_are_numbered() {
        assert_eq!(arch_number("sm_90a"), 90);
        assert_eq!(arch_number("sm_70"), 70);
        assert_eq!(arch_number("gfx90a"), 0);
    }
}
