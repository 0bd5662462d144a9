//! Raw host-memory primitives for the shared-memory devices (host, multicore): allocation for
//! `acc_malloc`, and the copies and fills that `acc_memcpy_*`, `create(zero: ...)` and friends
//! perform when a device address is itself host memory.
//!
//! This is one of the runtime's FFI modules. Addresses are plain `usize`s because the present
//! table keeps them that way; the invariant that makes these functions sound is that every
//! address reaching them came either from the C program through the OpenACC API or the private
//! ABI (which require the program to pass valid host memory of the stated size, exactly as the
//! specification requires of `acc_memcpy_to_device` and the data clauses), or from [`alloc`].
//! The runtime never fabricates addresses of its own.

#![allow(unsafe_code)]

use std::ffi::c_void;

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
    fn memmove(dest: *mut c_void, src: *const c_void, n: usize) -> *mut c_void;
    fn memset(s: *mut c_void, c: i32, n: usize) -> *mut c_void;
}

/// Allocates `bytes` of host memory with malloc's alignment; `None` when malloc fails.
pub fn alloc(bytes: usize) -> Option<usize> {
    // SAFETY: malloc accepts any size and returns either null or a fresh allocation.
    let pointer = unsafe { malloc(bytes.max(1)) };
    (!pointer.is_null()).then_some(pointer as usize)
}

/// Frees memory returned by [`alloc`].
pub fn release(address: usize) {
    // SAFETY: callers pass only addresses that `alloc` returned and that were not freed yet (the
    // device keeps the set of live `acc_malloc` allocations and checks it first).
    unsafe { free(address as *mut c_void) }
}

/// Copies `bytes` from `source` to `destination`; the ranges may overlap, equal addresses are a
/// no-op (a shared-memory "transfer").
pub fn copy(destination: usize, source: usize, bytes: usize) {
    if bytes == 0 || destination == source {
        return;
    }
    // SAFETY: both ranges are valid host memory of `bytes` bytes by the module invariant (the
    // OpenACC caller guarantees them); memmove handles overlap.
    unsafe {
        memmove(destination as *mut c_void, source as *const c_void, bytes);
    }
}

/// Sets `bytes` bytes at `destination` to zero.
pub fn zero(destination: usize, bytes: usize) {
    if bytes == 0 {
        return;
    }
    // SAFETY: the range is valid, writable host memory by the module invariant.
    unsafe {
        memset(destination as *mut c_void, 0, bytes);
    }
}

/// Reads the pointer stored at `location` (for attach and detach, whose target the runtime must
/// know). `location` must hold a pointer: the private ABI and `acc_attach` guarantee it.
pub fn read_pointer(location: usize) -> usize {
    // SAFETY: `location` is the address of a pointer variable by the module invariant; an
    // unaligned read tolerates packed structures.
    unsafe { std::ptr::read_unaligned(location as *const usize) }
}

/// The address ranges (start, end) of the process's mappings that cannot be written (from
/// `/proc/self/maps`): read-only data such as C `const` globals and the constants gfortran
/// passes for literal and `parameter` actual arguments. Empty when the file cannot be read.
pub fn read_only_ranges() -> Vec<(usize, usize)> {
    mappings(|permissions| permissions.as_bytes().get(1) != Some(&b'w'))
}

/// The address ranges (start, end) of the process's mappings whose permissions (`rwxp` as
/// `/proc/self/maps` writes them) `keep` accepts; empty when the file cannot be read.
pub fn mappings(keep: impl Fn(&str) -> bool) -> Vec<(usize, usize)> {
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else {
        return Vec::new();
    };
    maps.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (start, end) = fields.next()?.split_once('-')?;
            let permissions = fields.next()?;
            keep(permissions).then_some((
                usize::from_str_radix(start, 16).ok()?,
                usize::from_str_radix(end, 16).ok()?,
            ))
        })
        .collect()
}

/// Whether `bytes` bytes at `address` overlap one of `ranges` (from [`read_only_ranges`]).
pub fn overlaps(ranges: &[(usize, usize)], address: usize, bytes: usize) -> bool {
    let end = address.saturating_add(bytes.max(1));
    ranges
        .iter()
        .any(|&(start, stop)| address < stop && start < end)
}

extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

/// Runs `callback` when the process exits normally (C's `atexit`).
pub fn at_exit(callback: extern "C" fn()) {
    // SAFETY: atexit only stores the function pointer; `callback` is a plain function that
    // lives as long as the program.
    unsafe {
        atexit(callback);
    }
}
