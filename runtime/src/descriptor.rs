//! The device copies of Fortran array descriptors (an FFI module: one C entry point).
//!
//! A device routine that uses an allocatable or pointer module array reads gfortran's
//! descriptor of it, a global under the array's symbol (`__<module>_MOD_<name>`). On a GPU
//! the device module defines that global and the runtime binds it like every declared global
//! ([`crate::table::PresentTable::bind_global`]), so the device has its own descriptor, which
//! must point at the device copy of the data. The Fortran emitter calls
//! [`__accrt_declare_descriptor`] after the `enter data create` it inserts behind each
//! `allocate` of a declared array, and before the `exit data delete` in front of each
//! `deallocate`.
//!
//! Word 0 of a descriptor is `base_addr` (see `frontend/src/fortran/body/descriptor.rs` for
//! the layout); the rest (offset, element size, span, bounds and strides) is the same on both
//! sides.

#![allow(unsafe_code)] // `#[no_mangle]` only; no raw memory is touched here.

use std::ffi::{c_int, c_void};
use std::sync::PoisonError;

use crate::error::guard;
use crate::hostmem;
use crate::runtime::Runtime;

/// Writes the current device's copy of the descriptor of `bytes` bytes at `descriptor`: the
/// host descriptor with `base_addr` replaced by the device address of the data it points to
/// (null when that is not present), or, with `clear` non-zero, with `base_addr` null (the data
/// is about to be deallocated). Nothing happens on devices that share the host's memory, or
/// when no loaded image defines the descriptor (no device routine uses the array).
#[no_mangle]
pub extern "C" fn __accrt_declare_descriptor(descriptor: *mut c_void, bytes: usize, clear: c_int) {
    guard("__accrt_declare_descriptor", || {
        write_descriptor(descriptor as usize, bytes, clear != 0);
    });
}

/// See [`__accrt_declare_descriptor`].
fn write_descriptor(descriptor: usize, bytes: usize, clear: bool) {
    let words = bytes / 8;
    if descriptor == 0 || words == 0 || !bytes.is_multiple_of(8) {
        return;
    }
    let slot = Runtime::global().current();
    if slot.device.shares_host_memory() {
        return;
    }
    let mut copy = vec![0u64; words];
    hostmem::copy(copy.as_mut_ptr() as usize, descriptor, bytes);
    if crate::check::enabled() && slot.device.kind() == crate::DeviceKind::Multicore {
        // The data checker's multicore kernels read the host descriptor, so they use the
        // host's data: the array's device copy is the host data itself.
        if !clear {
            let data = copy[0] as usize;
            let moved = {
                let mut table = slot.table.lock().unwrap_or_else(PoisonError::into_inner);
                let range = table
                    .entry_containing(data)
                    .map(|entry| (entry.host, entry.bytes));
                range.and_then(|(host, bytes)| table.bind_global(host, bytes, host))
            };
            if let Some(old) = moved {
                slot.device.free(old, None);
            }
        }
        return;
    }
    let global = {
        let table = slot.table.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(global) = table.bound_global(descriptor, bytes) else {
            return;
        };
        copy[0] = match clear {
            true => 0,
            false => table.device_address(copy[0] as usize).unwrap_or(0) as u64,
        };
        global
    };
    slot.device
        .copy_in(global, copy.as_ptr() as usize, bytes, None);
}
