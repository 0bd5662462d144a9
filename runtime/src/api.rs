//! The OpenACC 3.3 API (§3.2) in C, part one: devices, properties, async queues and waits,
//! `acc_on_device`, `acc_malloc`/`acc_free`. The data routines are in `api_data.rs`.
//!
//! This is an FFI module: each routine converts its arguments and calls [`Runtime`] inside
//! [`guard`], so no panic unwinds into C.
//!
//! `acc_on_device` answers for the code that calls it: inside a multicore kernel (a pool thread
//! running a chunk) it is true for `acc_device_multicore` and `acc_device_not_host` and false for
//! `acc_device_host`; anywhere else (host code, the host fallback of a compute region) it is true
//! for `acc_device_host` only; in a kernel's host version run by the mock CUDA driver
//! (`tests/mockcuda/`) it answers as device code would, for `acc_device_nvidia` and
//! `acc_device_not_host`. Every other argument gives false.
//!
//! Property values (`acc_device_property_t`): memory 1, free_memory 2, shared_memory_support 3,
//! name 0x10001, vendor 0x10002, driver 0x10003. Unavailable device types (radeon, nvidia without
//! a CUDA device) have no devices: their properties are 0 or NULL.

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_void, CString};
use std::sync::Mutex;

use crate::device::{device_type, DeviceKind, Properties};
use crate::error::{guard, Origin};
use crate::pool;
use crate::queue::ASYNC_SYNC;
use crate::runtime::{Runtime, Waits};

const PROPERTY_MEMORY: c_int = 1;
const PROPERTY_FREE_MEMORY: c_int = 2;
const PROPERTY_SHARED_MEMORY_SUPPORT: c_int = 3;
const PROPERTY_NAME: c_int = 0x10001;
const PROPERTY_VENDOR: c_int = 0x10002;
const PROPERTY_DRIVER: c_int = 0x10003;

fn runtime() -> &'static Runtime {
    Runtime::global()
}

#[no_mangle]
pub extern "C" fn acc_get_num_devices(dev_type: c_int) -> c_int {
    guard("acc_get_num_devices", || runtime().num_devices(dev_type))
}

#[no_mangle]
pub extern "C" fn acc_set_device_type(dev_type: c_int) {
    guard("acc_set_device_type", || {
        runtime().set_device_type(dev_type, &Origin::Api("acc_set_device_type"))
    })
}

#[no_mangle]
pub extern "C" fn acc_get_device_type() -> c_int {
    guard("acc_get_device_type", || {
        runtime().current_kind().acc_device_type()
    })
}

#[no_mangle]
pub extern "C" fn acc_set_device_num(dev_num: c_int, dev_type: c_int) {
    guard("acc_set_device_num", || {
        runtime().set_device_num(dev_num, dev_type, &Origin::Api("acc_set_device_num"))
    })
}

#[no_mangle]
pub extern "C" fn acc_get_device_num(dev_type: c_int) -> c_int {
    guard("acc_get_device_num", || {
        let runtime = runtime();
        match runtime.kind_of(dev_type) {
            Some(_) => runtime.device_num(dev_type),
            None => -1,
        }
    })
}

/// The properties of device `dev_num` of `dev_type`, if it exists.
fn properties(dev_num: c_int, dev_type: c_int) -> Option<Properties> {
    let runtime = runtime();
    let kind = runtime.kind_of(dev_type)?;
    (dev_num >= 0 && dev_num < runtime.num_devices(kind.acc_device_type()))
        .then(|| runtime.slot_num(kind, dev_num).device.properties())
}

#[no_mangle]
pub extern "C" fn acc_get_property(dev_num: c_int, dev_type: c_int, property: c_int) -> usize {
    guard("acc_get_property", || {
        let Some(properties) = properties(dev_num, dev_type) else {
            return 0;
        };
        match property {
            PROPERTY_MEMORY => properties.memory,
            PROPERTY_FREE_MEMORY => {
                let runtime = runtime();
                match runtime.kind_of(dev_type) {
                    Some(kind) => runtime.slot_num(kind, dev_num).free_memory(),
                    None => 0,
                }
            }
            PROPERTY_SHARED_MEMORY_SUPPORT => usize::from(properties.shared_memory),
            _ => 0,
        }
    })
}

/// (device number, device type, property) of a cached property string.
type PropertyKey = (c_int, c_int, c_int);

/// Strings handed out by `acc_get_property_string`; they live until the process ends.
static PROPERTY_STRINGS: Mutex<Vec<(PropertyKey, CString)>> = Mutex::new(Vec::new());

#[no_mangle]
pub extern "C" fn acc_get_property_string(
    dev_num: c_int,
    dev_type: c_int,
    property: c_int,
) -> *const c_char {
    guard("acc_get_property_string", || {
        let Some(properties) = properties(dev_num, dev_type) else {
            return std::ptr::null();
        };
        let text = match property {
            PROPERTY_NAME => properties.name,
            PROPERTY_VENDOR => properties.vendor,
            PROPERTY_DRIVER => properties.driver,
            _ => return std::ptr::null(),
        };
        let kind = runtime()
            .kind_of(dev_type)
            .map_or(0, DeviceKind::acc_device_type);
        let key = (dev_num, kind, property);
        let mut strings = PROPERTY_STRINGS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, text)) = strings.iter().find(|(k, _)| *k == key) {
            return text.as_ptr();
        }
        let text = CString::new(text.replace('\0', " ")).unwrap_or_default();
        let pointer = text.as_ptr();
        // The CString's heap buffer does not move when the CString is moved into the list, and
        // entries are never removed, so `pointer` stays valid.
        strings.push((key, text));
        pointer
    })
}

#[no_mangle]
pub extern "C" fn acc_init(dev_type: c_int) {
    guard("acc_init", || {
        let dev_type = dev_type.max(0);
        runtime().init(dev_type, -1, &Origin::Api("acc_init"))
    })
}

#[no_mangle]
pub extern "C" fn acc_init_device(dev_num: c_int, dev_type: c_int) {
    guard("acc_init_device", || {
        let dev_type = dev_type.max(0);
        runtime().init(dev_type, dev_num.max(0), &Origin::Api("acc_init_device"))
    })
}

#[no_mangle]
pub extern "C" fn acc_shutdown(dev_type: c_int) {
    guard("acc_shutdown", || {
        let dev_type = dev_type.max(0);
        runtime().shutdown(dev_type, -1, &Origin::Api("acc_shutdown"))
    })
}

#[no_mangle]
pub extern "C" fn acc_shutdown_device(dev_num: c_int, dev_type: c_int) {
    guard("acc_shutdown_device", || {
        let dev_type = dev_type.max(0);
        runtime().shutdown(
            dev_type,
            dev_num.max(0),
            &Origin::Api("acc_shutdown_device"),
        )
    })
}

#[no_mangle]
pub extern "C" fn acc_on_device(dev_type: c_int) -> c_int {
    guard("acc_on_device", || {
        let executing = if let Some(gpu) = crate::gpudev::mock_kernel_kind() {
            gpu
        } else if pool::in_kernel() {
            DeviceKind::Multicore
        } else {
            DeviceKind::Host
        };
        c_int::from(match dev_type {
            device_type::HOST => executing == DeviceKind::Host,
            device_type::NOT_HOST => executing != DeviceKind::Host,
            device_type::MULTICORE => executing == DeviceKind::Multicore,
            device_type::NVIDIA => executing == DeviceKind::Nvidia,
            device_type::RADEON => executing == DeviceKind::Radeon,
            _ => false,
        })
    })
}

// ---- async queues -------------------------------------------------------------------------

fn check_device(dev_num: c_int, api: &'static str) {
    runtime().check_current_device_num(dev_num, &Origin::Api(api));
}

#[no_mangle]
pub extern "C" fn acc_async_test(wait_arg: c_int) -> c_int {
    guard("acc_async_test", || {
        c_int::from(runtime().test(wait_arg, &Origin::Api("acc_async_test")))
    })
}

#[no_mangle]
pub extern "C" fn acc_async_test_device(wait_arg: c_int, dev_num: c_int) -> c_int {
    guard("acc_async_test_device", || {
        check_device(dev_num, "acc_async_test_device");
        c_int::from(runtime().test(wait_arg, &Origin::Api("acc_async_test_device")))
    })
}

#[no_mangle]
pub extern "C" fn acc_async_test_all() -> c_int {
    guard("acc_async_test_all", || c_int::from(runtime().test_all()))
}

#[no_mangle]
pub extern "C" fn acc_async_test_all_device(dev_num: c_int) -> c_int {
    guard("acc_async_test_all_device", || {
        check_device(dev_num, "acc_async_test_all_device");
        c_int::from(runtime().test_all())
    })
}

fn wait(waits: Waits, async_arg: c_int, api: &'static str) {
    runtime().wait(waits, async_arg, &Origin::Api(api));
}

#[no_mangle]
pub extern "C" fn acc_wait(wait_arg: c_int) {
    guard("acc_wait", || {
        wait(Waits::Queues(&[wait_arg]), ASYNC_SYNC, "acc_wait")
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_device(wait_arg: c_int, dev_num: c_int) {
    guard("acc_wait_device", || {
        check_device(dev_num, "acc_wait_device");
        wait(Waits::Queues(&[wait_arg]), ASYNC_SYNC, "acc_wait_device")
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_async(wait_arg: c_int, async_arg: c_int) {
    guard("acc_wait_async", || {
        wait(Waits::Queues(&[wait_arg]), async_arg, "acc_wait_async")
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_device_async(wait_arg: c_int, async_arg: c_int, dev_num: c_int) {
    guard("acc_wait_device_async", || {
        check_device(dev_num, "acc_wait_device_async");
        wait(
            Waits::Queues(&[wait_arg]),
            async_arg,
            "acc_wait_device_async",
        )
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_all() {
    guard("acc_wait_all", || {
        wait(Waits::All, ASYNC_SYNC, "acc_wait_all")
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_all_device(dev_num: c_int) {
    guard("acc_wait_all_device", || {
        check_device(dev_num, "acc_wait_all_device");
        wait(Waits::All, ASYNC_SYNC, "acc_wait_all_device")
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_all_async(async_arg: c_int) {
    guard("acc_wait_all_async", || {
        wait(Waits::All, async_arg, "acc_wait_all_async")
    })
}

#[no_mangle]
pub extern "C" fn acc_wait_all_device_async(async_arg: c_int, dev_num: c_int) {
    guard("acc_wait_all_device_async", || {
        check_device(dev_num, "acc_wait_all_device_async");
        wait(Waits::All, async_arg, "acc_wait_all_device_async")
    })
}

/// # Safety
/// `wait_args` points to `count` ints (or `count <= 0`).
unsafe fn wait_any(count: c_int, wait_args: *const c_int, api: &'static str) -> c_int {
    if count <= 0 || wait_args.is_null() {
        return -1;
    }
    // SAFETY: `count` readable ints by the caller's contract.
    let args = unsafe { std::slice::from_raw_parts(wait_args, count as usize) };
    runtime().wait_any(args, &Origin::Api(api))
}

/// Waits until one of the `count` queues in `wait_args` is idle and returns its index (-1 when
/// every entry is `acc_async_sync`).
///
/// # Safety
/// `wait_args` points to `count` ints.
#[no_mangle]
pub unsafe extern "C" fn acc_wait_any(count: c_int, wait_args: *mut c_int) -> c_int {
    // SAFETY: forwarded caller contract.
    guard("acc_wait_any", || unsafe {
        wait_any(count, wait_args, "acc_wait_any")
    })
}

/// # Safety
/// `wait_args` points to `count` ints.
#[no_mangle]
pub unsafe extern "C" fn acc_wait_any_device(
    count: c_int,
    wait_args: *mut c_int,
    dev_num: c_int,
) -> c_int {
    guard("acc_wait_any_device", || {
        check_device(dev_num, "acc_wait_any_device");
        // SAFETY: forwarded caller contract.
        unsafe { wait_any(count, wait_args, "acc_wait_any_device") }
    })
}

/// OpenACC 1.0 name of `acc_wait`.
#[no_mangle]
pub extern "C" fn acc_async_wait(wait_arg: c_int) {
    guard("acc_async_wait", || {
        wait(Waits::Queues(&[wait_arg]), ASYNC_SYNC, "acc_async_wait")
    })
}

/// OpenACC 1.0 name of `acc_wait_all`.
#[no_mangle]
pub extern "C" fn acc_async_wait_all() {
    guard("acc_async_wait_all", || {
        wait(Waits::All, ASYNC_SYNC, "acc_async_wait_all")
    })
}

#[no_mangle]
pub extern "C" fn acc_get_default_async() -> c_int {
    guard("acc_get_default_async", || runtime().default_async())
}

#[no_mangle]
pub extern "C" fn acc_set_default_async(async_arg: c_int) {
    guard("acc_set_default_async", || {
        runtime().set_default_async(async_arg, &Origin::Api("acc_set_default_async"))
    })
}

// ---- device memory ------------------------------------------------------------------------

#[no_mangle]
pub extern "C" fn acc_malloc(bytes: usize) -> *mut c_void {
    guard("acc_malloc", || runtime().malloc(bytes) as *mut c_void)
}

/// Frees memory from `acc_malloc`; anything else stops the program with an error.
///
/// # Safety
/// `data_dev` is not used by the device after this call.
#[no_mangle]
pub unsafe extern "C" fn acc_free(data_dev: *mut c_void) {
    guard("acc_free", || runtime().free(data_dev as usize))
}
