//! The private ABI that accc's generated host code calls (`include/accrt.h`): data actions of
//! constructs, updates, kernel launches, waits, and the init/shutdown/set directives.
//!
//! This is an FFI module: it converts the C structures into the runtime's Rust values and calls
//! [`Runtime`]. Every entry point runs inside [`guard`], so no panic unwinds into C.
//!
//! Kernel arguments: when a `__accrt_kernel` gives `nargs` and `arg_sizes`, `args[i]` points to
//! argument `i`'s value of `arg_sizes[i]` bytes and the runtime copies the values at launch (as
//! `cuLaunchKernel` does), so the caller's array and values may die as soon as
//! `__accrt_launch` returns, even for an async launch; the kernel then receives `args[i]`
//! pointing at the runtime's copies. With `arg_sizes` null, `args[0..nargs]` are pointer-sized
//! values themselves and only the array is copied. With `nargs == 0`, `args` is passed through
//! unchanged and must stay valid until the launch completes. An argument that the kernel's
//! `via` table marks is a host address instead, which [`__accrt_launch_mapped`] translates
//! through the construct's entry array into the device address the kernel receives (generated
//! code once computed it inline: `device - (host - p)`, several instructions per argument that
//! the host compiler had to compile for every region).

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::Arc;

use crate::device::{DeviceKind, Launch};
use crate::error::{guard, internal, Origin, SourceLoc};
use crate::hostmem;
use crate::pool::Body;
use crate::runtime::{Phase, Runtime, Source, Waits};
use crate::table::{Action, DataOp, Flags};

pub use crate::kernel::KernelArgs;
pub use accc_abi::{AccrtData, AccrtKernel, AccrtLoc, Finish, HostKernel};

/// `__accrt_loc.flags`: a compute construct without kernels (it always runs its host code).
pub const ACCRT_LOC_NO_KERNELS: c_int = accc_abi::loc_flags::NO_KERNELS;

/// Converts a C string the caller owns into an owned Rust string.
///
/// # Safety
/// `text` is null or a NUL-terminated string.
unsafe fn string(text: *const c_char) -> Option<String> {
    if text.is_null() {
        return None;
    }
    // SAFETY: non-null and NUL-terminated by the caller's contract.
    Some(
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned(),
    )
}

/// # Safety
/// `loc` is null or points to a valid `__accrt_loc`.
unsafe fn location(loc: *const AccrtLoc) -> Option<SourceLoc> {
    // SAFETY: null or valid by the caller's contract.
    let loc = unsafe { loc.as_ref() }?;
    Some(SourceLoc {
        // SAFETY: the fields are null or NUL-terminated strings (generated code passes literals).
        file: unsafe { string(loc.file) },
        // SAFETY: as above.
        func: unsafe { string(loc.func) },
        line: loc.line,
        end_line: loc.end_line,
        func_line: loc.func_line,
        func_end_line: loc.func_end_line,
        construct: crate::trace::Construct::from_raw(loc.construct - 1),
        no_kernels: loc.flags & ACCRT_LOC_NO_KERNELS != 0,
    })
}

/// # Safety
/// `items` is null or points to `count` readable values; a negative count means "all".
unsafe fn waits<'a>(items: *const c_int, count: c_int) -> Waits<'a> {
    if count < 0 {
        return Waits::All;
    }
    if count == 0 || items.is_null() {
        return Waits::Nothing;
    }
    // SAFETY: `items` holds `count` ints by the caller's contract and outlives this call.
    Waits::Queues(unsafe { std::slice::from_raw_parts(items, count as usize) })
}

/// `__accrt_data.flags`: the op maps an array of pointers and one block per pointer (accrt.h).
pub(crate) const ACCRT_ROWS: u32 = accc_abi::flags::ROWS as u32;

/// Converts the ops array; `ops` holds `count` entries. Returns the runtime's ops and, for each,
/// the index of the `__accrt_data` whose `device` it reports (`None` for the ops an
/// `ACCRT_ROWS` entry adds: its rows and their attach/detach).
///
/// An `ACCRT_ROWS` entry (`p[lo:n][lo2:n2]` of a pointer-to-pointer, OpenACC 3.3 §2.7.1)
/// becomes the pointer array `p[lo:n]` with the entry's action, then for each pointer `p[i]`
/// its block `[p[i] + row_offset, + row_bytes)` with the same action followed by an attach (entry
/// actions) or a detach (exit actions) of `p[i]`. Exits run in reverse, so each row detaches
/// before its copyout/delete and the pointer array goes last, holding host pointers again. An
/// update names only the rows: the pointer array's device copy keeps its attached pointers.
///
/// # Safety
/// `ops` is null (with `count <= 0`) or points to `count` valid `__accrt_data`; the pointer
/// array of a valid `ACCRT_ROWS` entry is readable.
pub(crate) unsafe fn data_ops(
    ops: *const AccrtData,
    count: c_int,
    entry: &str,
) -> (Vec<DataOp>, Vec<Option<usize>>) {
    let mut converted = Vec::new();
    let mut origins = Vec::new();
    if ops.is_null() || count <= 0 {
        return (converted, origins);
    }
    // SAFETY: `count` valid entries by the caller's contract.
    let raw = unsafe { std::slice::from_raw_parts(ops, count as usize) };
    for (index, op) in raw.iter().enumerate() {
        let Some(action) = Action::from_raw(op.action) else {
            internal(format!("{entry}: unknown data action {}", op.action));
        };
        let host = op.host as usize;
        let pointer_target = if matches!(action, Action::Attach | Action::Detach) && host != 0 {
            hostmem::read_pointer(host)
        } else {
            0
        };
        let flags = op.flags as u32;
        let data = DataOp {
            host,
            bytes: op.bytes,
            // SAFETY: the name is null or a NUL-terminated string literal.
            name: unsafe { string(op.name) },
            action,
            flags: Flags(flags & !ACCRT_ROWS),
            pointer_target,
            // An attach's or detach's target section starts this far from the pointer's target
            // (`s.v[m:n]`); 0 for other ops.
            pointer_offset: if pointer_target != 0 {
                op.row_offset
            } else {
                0
            },
        };
        if flags & ACCRT_ROWS == 0 || !rows_readable(host, op.bytes) {
            // A plain op, or a pointer array the table reports as an invalid section.
            converted.push(data);
            origins.push(Some(index));
            continue;
        }
        let pointer = match action {
            Action::Copyin | Action::Create | Action::Present | Action::NoCreate => {
                Some(Action::Attach)
            }
            Action::Copyout | Action::Delete => Some(Action::Detach),
            _ => None,
        };
        let rows = op.bytes / POINTER_BYTES;
        if pointer.is_some() {
            converted.push(data.clone());
            origins.push(Some(index));
        }
        for row in 0..rows {
            let location = host + row * POINTER_BYTES;
            let target = hostmem::read_pointer(location);
            let name = data.name.as_ref().map(|name| format!("{name} (row {row})"));
            converted.push(DataOp {
                host: if target == 0 {
                    0
                } else {
                    target.wrapping_add(op.row_offset)
                },
                bytes: op.row_bytes,
                name: name.clone(),
                pointer_target: 0,
                ..data.clone()
            });
            origins.push(None);
            if let Some(pointer) = pointer {
                converted.push(DataOp {
                    host: location,
                    bytes: POINTER_BYTES,
                    name,
                    action: pointer,
                    pointer_target: target,
                    pointer_offset: op.row_offset,
                    ..data.clone()
                });
                origins.push(None);
            }
        }
    }
    (converted, origins)
}

/// The size of a host pointer.
const POINTER_BYTES: usize = std::mem::size_of::<usize>();

/// Whether an `ACCRT_ROWS` pointer array `[host, host + bytes)` is a section whose pointers can
/// be read: not null, and not wrapping the address space (a negative C length).
fn rows_readable(host: usize, bytes: usize) -> bool {
    host != 0 && bytes <= isize::MAX as usize && host.checked_add(bytes).is_some()
}

/// Runs one data entry point and writes the device addresses back.
///
/// # Safety
/// As for [`data_ops`], with `ops` writable.
#[allow(clippy::too_many_arguments)]
unsafe fn data_entry(
    entry: &'static str,
    phase: Phase,
    ops: *mut AccrtData,
    count: c_int,
    async_arg: c_int,
    wait_list: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    // SAFETY: forwarded caller contract.
    let (converted, origins) = unsafe { data_ops(ops, count, entry) };
    let source = Source::Directive {
        what: entry,
        // SAFETY: forwarded caller contract.
        loc: unsafe { location(loc) },
    };
    // SAFETY: forwarded caller contract.
    let waits = unsafe { waits(wait_list, nwaits) };
    let devices = Runtime::global().data(phase, &converted, async_arg, waits, &source);
    if !ops.is_null() && phase != Phase::Update {
        for (origin, device) in origins.into_iter().zip(devices) {
            if let Some(index) = origin {
                // SAFETY: `index < count` and the array is writable by the caller's contract.
                unsafe { (*ops.add(index)).device = device as *mut c_void };
            }
        }
    }
}

/// Entry actions of a construct, in order; fills `ops[i].device`.
///
/// # Safety
/// `ops` points to `count` valid entries; `waits` to `nwaits` ints (or `nwaits` is -1 or 0);
/// `loc` is null or valid; every host range named by `ops` is valid memory.
#[no_mangle]
pub unsafe extern "C" fn __accrt_enter(
    ops: *mut AccrtData,
    count: c_int,
    async_arg: c_int,
    waits: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_enter", || {
        // SAFETY: the caller's contract, as documented above.
        unsafe {
            data_entry(
                "__accrt_enter",
                Phase::Enter,
                ops,
                count,
                async_arg,
                waits,
                nwaits,
                loc,
            )
        }
    })
}

/// Exit actions of a construct, performed in reverse order.
///
/// # Safety
/// As for [`__accrt_enter`].
#[no_mangle]
pub unsafe extern "C" fn __accrt_exit(
    ops: *mut AccrtData,
    count: c_int,
    async_arg: c_int,
    waits: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_exit", || {
        // The end of a compute construct's host fallback, if one was armed at this location.
        crate::fault::disarm_fallback(loc as usize);
        Runtime::global().end_fallback(loc as usize);
        // SAFETY: the caller's contract, as documented above.
        unsafe {
            data_entry(
                "__accrt_exit",
                Phase::Exit,
                ops,
                count,
                async_arg,
                waits,
                nwaits,
                loc,
            )
        }
    })
}

/// Exit actions of a construct given as `count` triples `{entry index, action, flags}` over its
/// entry array `entries` (each exit acts on the data of that entry), performed in reverse order
/// as by [`__accrt_exit`]. Generated code uses it when every exit repeats an entry's data, so that
/// no second array of data items is built at every construct.
///
/// # Safety
/// `spec` is null (with `count <= 0`) or points to `3 * count` ints whose entry indices are
/// valid positions of `entries`, which holds valid `__accrt_data` as for [`__accrt_enter`];
/// `waits` and `loc` as there.
#[no_mangle]
pub unsafe extern "C" fn __accrt_exit_from(
    entries: *const AccrtData,
    spec: *const c_int,
    count: c_int,
    async_arg: c_int,
    waits: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_exit_from", || {
        let count = if spec.is_null() || entries.is_null() {
            0
        } else {
            count.max(0) as usize
        };
        let mut ops: Vec<AccrtData> = Vec::with_capacity(count);
        if count > 0 {
            // SAFETY: `spec` holds `3 * count` ints by the caller's contract.
            let triples = unsafe { std::slice::from_raw_parts(spec, 3 * count) };
            for triple in triples.chunks_exact(3) {
                let Ok(index) = usize::try_from(triple[0]) else {
                    internal(format!("__accrt_exit_from: entry index {}", triple[0]));
                };
                // SAFETY: the index names one of the caller's entries by its contract.
                let entry = unsafe { &*entries.add(index) };
                ops.push(AccrtData {
                    action: triple[1],
                    flags: triple[2],
                    ..*entry
                });
            }
        }
        // SAFETY: `ops` holds `count` valid items (copies of valid entries); the rest is the
        // caller's contract.
        unsafe {
            __accrt_exit(
                ops.as_mut_ptr(),
                count as c_int,
                async_arg,
                waits,
                nwaits,
                loc,
            )
        }
    })
}

/// The update directive.
///
/// # Safety
/// As for [`__accrt_enter`].
#[no_mangle]
pub unsafe extern "C" fn __accrt_update(
    ops: *mut AccrtData,
    count: c_int,
    async_arg: c_int,
    waits: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_update", || {
        // SAFETY: the caller's contract, as documented above.
        unsafe {
            data_entry(
                "__accrt_update",
                Phase::Update,
                ops,
                count,
                async_arg,
                waits,
                nwaits,
                loc,
            )
        }
    })
}

/// `construct`: which compute construct asks (`enum __accrt_construct`), or-ed with
/// `ACCRT_NO_KERNELS` when the construct has no kernel (its region was not offloaded).
const CONSTRUCT_NAMES: [&str; 4] = ["compute", "parallel", "serial", "kernels"];
const ACCRT_NO_KERNELS: c_int = 16;

/// 1 when generated code should launch kernels, 0 when it should run its host fallback. Only
/// compute constructs ask, right after their data entry: the compute construct start event.
/// Before returning 0 it arms the fault report of the fallback ([`crate::fault`]), which the
/// exit of the construct's data region (`__accrt_exit` at the same `loc`) disarms.
///
/// # Safety
/// `loc` is null or points to a valid `__accrt_loc` that lives as long as the program (generated
/// code passes a static).
#[no_mangle]
pub unsafe extern "C" fn __accrt_use_kernels(construct: c_int, loc: *const AccrtLoc) -> c_int {
    guard("__accrt_use_kernels", || {
        // SAFETY: the caller's contract, as documented above.
        unsafe { use_kernels(construct, loc, &[]) }
    })
}

/// [`__accrt_use_kernels`] for a construct whose kernels are `names` (a null-terminated array
/// of their symbol names): 0 also when the current device has no code for one of them (a GPU
/// whose image lacks a kernel that accc compiled only for the multicore device), so that the
/// construct runs its host fallback, with the present data copied to the host and back, rather
/// than stopping at the launch.
///
/// # Safety
/// As [`__accrt_use_kernels`]; `names` is null or a null-terminated array of NUL-terminated
/// strings.
#[no_mangle]
pub unsafe extern "C" fn __accrt_use_kernels_of(
    construct: c_int,
    loc: *const AccrtLoc,
    names: *const *const c_char,
) -> c_int {
    guard("__accrt_use_kernels_of", || {
        let mut kernels = Vec::new();
        if !names.is_null() {
            for index in 0.. {
                // SAFETY: the array is null-terminated by the caller's contract.
                let name = unsafe { *names.add(index) };
                if name.is_null() {
                    break;
                }
                // SAFETY: NUL-terminated by the caller's contract.
                kernels.push(
                    unsafe { CStr::from_ptr(name) }
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
        // SAFETY: the caller's contract, as documented above.
        unsafe { use_kernels(construct, loc, &kernels) }
    })
}

/// The body of [`__accrt_use_kernels`] and [`__accrt_use_kernels_of`].
///
/// # Safety
/// `loc` as [`__accrt_use_kernels`] requires.
unsafe fn use_kernels(construct: c_int, loc: *const AccrtLoc, kernels: &[String]) -> c_int {
    {
        let runtime = Runtime::global();
        let missing = || {
            let device = &runtime.current().device;
            kernels
                .iter()
                .any(|name| device.missing_kernel(name).is_some())
        };
        if runtime.use_kernels() && construct & ACCRT_NO_KERNELS == 0 && !missing() {
            return 1;
        }
        let host_device = runtime.current().device.kind() == DeviceKind::Host;
        runtime.begin_fallback(loc as usize);
        let kind = (construct & !ACCRT_NO_KERNELS) as usize;
        let name = CONSTRUCT_NAMES.get(kind).copied().unwrap_or("compute");
        crate::fault::arm_fallback(loc as usize, construct, host_device, || {
            // SAFETY: the caller's contract, as documented above.
            let location = unsafe { location(loc) };
            crate::fault::fallback_message(name, location.as_ref(), host_device)
        });
        0
    }
}

/// A construct whose `if` clause is false: its region events on the host device (`end` 0 at
/// its start and for executable directives, 1 at its end).
///
/// # Safety
/// `loc` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn __accrt_skip(end: c_int, loc: *const AccrtLoc) {
    guard("__accrt_skip", || {
        // SAFETY: null or valid by the caller's contract.
        let loc = unsafe { location(loc) };
        Runtime::global().skip(end != 0, loc.as_ref());
    })
}

/// 1 when the current device shares the host's memory (host, multicore): the Fortran
/// `acc_attach` family needs it for Fortran pointers, whose descriptors it cannot reach.
#[no_mangle]
pub extern "C" fn __accrt_shares_host_memory() -> c_int {
    guard("__accrt_shares_host_memory", || {
        c_int::from(Runtime::global().current().device.shares_host_memory())
    })
}

/// The device address of `host`, the start of an object of `bytes` bytes that may be only
/// partly present (a kernel argument for an array whose section an enclosing data construct
/// maps); null when no part of it is present.
#[no_mangle]
pub extern "C" fn __accrt_deviceptr_in(host: *mut c_void, bytes: usize) -> *mut c_void {
    guard("__accrt_deviceptr_in", || {
        Runtime::global().deviceptr_within(host as usize, bytes) as *mut c_void
    })
}

/// [`__accrt_deviceptr_in`] for the kernel argument of variable `name` (a C string, may be
/// null): stops the program with an error naming it when its present parts are separate
/// device copies that no single base address reaches.
///
/// # Safety
/// `name` is null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn __accrt_deviceptr_of(
    host: *mut c_void,
    bytes: usize,
    name: *const std::os::raw::c_char,
) -> *mut c_void {
    guard("__accrt_deviceptr_of", || {
        // SAFETY: the caller passes null or a NUL-terminated string (generated code passes a
        // string literal).
        let name = (!name.is_null()).then(|| {
            unsafe { std::ffi::CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned()
        });
        Runtime::global().deviceptr_of(host as usize, bytes, name.as_deref()) as *mut c_void
    })
}

/// A kernel argument: the pointer `name` (a C string, may be null), whose target is not
/// present, is passed as it is; returns `host`. Under the data checker ([`crate::check`]) a
/// non-null one is a finding: a GPU kernel would receive a host address.
///
/// # Safety
/// `name` is null or a NUL-terminated string; `loc` as for [`__accrt_enter`].
#[no_mangle]
pub unsafe extern "C" fn __accrt_unmapped(
    host: *mut c_void,
    name: *const std::os::raw::c_char,
    loc: *const AccrtLoc,
) -> *mut c_void {
    guard("__accrt_unmapped", || {
        if !host.is_null() && crate::check::enabled() {
            // SAFETY: the caller passes null or a NUL-terminated string literal.
            let name = (!name.is_null()).then(|| {
                unsafe { std::ffi::CStr::from_ptr(name) }
                    .to_string_lossy()
                    .into_owned()
            });
            // SAFETY: null or valid by the caller's contract.
            let loc = unsafe { location(loc) };
            let current = Runtime::global().current().device.kind();
            crate::check::unmapped_pointer(current, name.as_deref(), loc.as_ref());
        }
        host
    })
}

/// The number of slots a launch may use: the size of per-slot partial arrays.
#[no_mangle]
pub extern "C" fn __accrt_num_threads() -> c_int {
    guard("__accrt_num_threads", || {
        Runtime::global().current().device.num_threads() as c_int
    })
}

/// `iterations` of a launch whose argument 0 is accc's gang counts `{_, G1, G2, G3}`: the runtime
/// clamps each `Gd` to at least 1 and runs `G = G1 * G2 * G3` gangs (`ACCRT_GRID_ITERATIONS`).
pub const GRID_ITERATIONS: i64 = accc_abi::launch::GRID_ITERATIONS as i64;

/// Runs a kernel over `iterations` iterations on the current device.
///
/// # Safety
/// `kernel` points to a valid `__accrt_kernel` whose functions are safe to run concurrently on
/// disjoint chunks; `args` is as the module documentation says; `waits` and `loc` as for
/// [`__accrt_enter`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __accrt_launch(
    kernel: *const AccrtKernel,
    args: *mut *mut c_void,
    iterations: i64,
    num_gangs: c_int,
    num_workers: c_int,
    vector_length: c_int,
    async_arg: c_int,
    wait_list: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    // SAFETY: the caller's contract, with no entry array (so `kernel.via` is not read).
    unsafe {
        __accrt_launch_mapped(
            kernel,
            args,
            std::ptr::null(),
            iterations,
            num_gangs,
            num_workers,
            vector_length,
            async_arg,
            wait_list,
            nwaits,
            loc,
        )
    }
}

/// [`__accrt_launch`] whose kernel arguments marked in `via` are host addresses translated
/// through `entries`, the construct's entry array that `__accrt_enter` filled.
///
/// # Safety
/// As for [`__accrt_launch`]; `entries` holds every entry `kernel.via` names (or is null when
/// it names none).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __accrt_launch_mapped(
    kernel: *const AccrtKernel,
    args: *mut *mut c_void,
    entries: *const AccrtData,
    iterations: i64,
    num_gangs: c_int,
    num_workers: c_int,
    vector_length: c_int,
    async_arg: c_int,
    wait_list: *const c_int,
    nwaits: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_launch", || {
        // SAFETY: null or valid by the caller's contract.
        let Some(kernel) = (unsafe { kernel.as_ref() }) else {
            internal("__accrt_launch: null kernel");
        };
        // SAFETY: the name is null or a NUL-terminated literal.
        let name = unsafe { string(kernel.name) }.unwrap_or_else(|| "kernel".to_string());
        let Some(host) = kernel.host else {
            internal(format!("__accrt_launch: kernel '{name}' has no host code"));
        };
        // SAFETY: the caller's contract on `args` and the kernel's sizes.
        let mut captured = match unsafe { KernelArgs::capture(kernel, args, entries) } {
            Ok(captured) => captured,
            Err(error) => internal(format!("__accrt_launch: kernel '{name}': {error}")),
        };
        // Generated code leaves the gang count to the runtime (ACCRT_GRID_ITERATIONS).
        let (iterations, num_gangs) = if iterations == GRID_ITERATIONS {
            let Some(total) = captured.complete_grid(kernel) else {
                internal(format!(
                    "__accrt_launch: kernel '{name}' asks for its grid's gang count but argument 0 \
                     is not int64_t[4]"
                ));
            };
            (total, c_int::try_from(total).unwrap_or(c_int::MAX))
        } else {
            (iterations, num_gangs)
        };
        // A kernel whose gang-redundant code calls a gang routine runs as one gang on the host
        // devices (the host code runs the routine's gang loop whole; see `images::one_gang`).
        let iterations = if crate::images::one_gang(&name) {
            captured.set_gang_count(kernel, 1);
            iterations.min(1)
        } else {
            iterations
        };
        let gangs = captured.gangs(kernel, iterations);
        let captured = Arc::new(captured);
        let code = crate::gpudev::KernelCode {
            host,
            finish: kernel.finish,
            args: Arc::clone(&captured),
            gangs,
        };
        let body_args = Arc::clone(&captured);
        let body: Body = Arc::new(move |begin, end, slot| {
            // SAFETY: the generated kernel runs the iterations [begin, end) on `slot` with the
            // arguments it was compiled for; slots are distinct among concurrent chunks.
            unsafe { host(body_args.array(), begin, end, slot as c_int) }
        });
        let finish = kernel.finish.map(|finish| {
            Box::new(move |slots: usize| {
                // SAFETY: runs once, after every chunk, with the same arguments.
                unsafe { finish(captured.array(), slots as c_int) }
            }) as Box<dyn FnOnce(usize) + Send>
        });
        let source = Source::Directive {
            what: "kernel launch",
            // SAFETY: null or valid by the caller's contract.
            loc: unsafe { location(loc) },
        };
        let launch = Launch {
            name,
            iterations,
            num_gangs,
            num_workers,
            vector_length,
            body,
            finish,
            code: Some(code),
        };
        // SAFETY: the caller's contract on the wait list.
        let waits = unsafe { waits(wait_list, nwaits) };
        Runtime::global().launch(launch, async_arg, waits, &source);
    })
}

/// The outlined part of a worker loop: runs the flat iterations `[begin, end)` as piece `chunk`.
pub type WorkerBody = unsafe extern "C" fn(ctx: *mut c_void, begin: i64, end: i64, chunk: i64);

/// How many pieces a worker loop of `trips` iterations is cut into on the calling thread: the
/// team of the kernel chunk it runs in ([`crate::pool::worker_chunks`]), 1 outside one.
#[no_mangle]
pub extern "C" fn __accrt_worker_chunks(trips: i64) -> i64 {
    guard("__accrt_worker_chunks", || {
        crate::pool::worker_chunks(trips) as i64
    })
}

/// Runs `body(ctx, begin, end, k)` for the `chunks` pieces `k` of `[0, trips)` on the calling
/// thread and the idle threads of its team, and returns when all have finished (fork-join). A
/// fault in a piece is reported as the kernel's ([`crate::fault::guard_with`]).
///
/// # Safety
/// `body` may run concurrently on distinct pieces with `ctx`, which must stay valid until this
/// returns (it does: the call joins).
#[no_mangle]
pub unsafe extern "C" fn __accrt_fork_workers(
    body: Option<WorkerBody>,
    ctx: *mut c_void,
    trips: i64,
    chunks: i64,
) {
    guard("__accrt_fork_workers", || {
        let Some(body) = body else {
            internal("__accrt_fork_workers: null body");
        };
        let reported = crate::fault::current();
        let context = ctx as usize;
        let pieces: Body = Arc::new(move |begin, end, chunk| {
            crate::fault::guard_with(reported, || {
                // SAFETY: the caller's contract: `body` runs distinct pieces concurrently, and
                // `ctx` outlives the fork, which waits for every piece.
                unsafe { body(context as *mut c_void, begin, end, chunk as i64) }
            });
        });
        crate::pool::fork(pieces, trips, usize::try_from(chunks).unwrap_or(1));
    })
}

/// The bytes in front of a private copy's storage ([`__accrt_private_reserve`]): its capacity
/// as a `u64`, padded to the storage's alignment.
const PRIVATE_HEADER: usize = 64;

/// The layout of a private copy's allocation of `capacity` bytes of storage.
fn private_layout(capacity: u64) -> std::alloc::Layout {
    usize::try_from(capacity)
        .ok()
        .and_then(|bytes| bytes.checked_add(PRIVATE_HEADER))
        .and_then(|size| std::alloc::Layout::from_size_align(size, PRIVATE_HEADER).ok())
        .unwrap_or_else(|| {
            crate::error::fatal(format!(
                "a private copy of {capacity} bytes is larger than this machine's memory"
            ))
        })
}

/// Storage of at least `bytes` bytes for the private copy of an array of run-time size in a
/// multicore kernel: `*slot` when it is large enough, else a fresh allocation (the old one is
/// freed) stored in `*slot`. Uninitialised, 64-byte aligned; its capacity is in the header in
/// front of it.
///
/// # Safety
/// `slot` points to a pointer that is null or was stored by an earlier call and not released.
#[no_mangle]
pub unsafe extern "C" fn __accrt_private_reserve(
    slot: *mut *mut c_void,
    bytes: u64,
) -> *mut c_void {
    guard("__accrt_private_reserve", || {
        if slot.is_null() {
            internal("__accrt_private_reserve: null slot");
        }
        // SAFETY: the caller's contract: `slot` is valid, and `*slot` null or ours.
        let current = unsafe { *slot };
        if !current.is_null() {
            // SAFETY: an allocation of ours has its header in front of it.
            let capacity = unsafe { *current.cast::<u8>().sub(PRIVATE_HEADER).cast::<u64>() };
            if capacity >= bytes {
                return current;
            }
            // SAFETY: as above; `*slot` is replaced below.
            unsafe { __accrt_private_release(slot) };
        }
        let capacity = bytes.max(1);
        let layout = private_layout(capacity);
        // SAFETY: the layout's size is at least PRIVATE_HEADER + 1 (not zero).
        let base = unsafe { std::alloc::alloc(layout) };
        if base.is_null() {
            crate::error::fatal(format!(
                "out of memory for a private copy of {capacity} bytes in a kernel"
            ));
        }
        // SAFETY: `base` holds PRIVATE_HEADER bytes of header, 64-byte aligned, then the storage.
        let storage = unsafe {
            base.cast::<u64>().write(capacity);
            base.add(PRIVATE_HEADER)
        };
        // SAFETY: the caller's contract on `slot`.
        unsafe { *slot = storage.cast() };
        storage.cast()
    })
}

/// Frees the storage `*slot` holds ([`__accrt_private_reserve`]), if any, and sets it to null.
///
/// # Safety
/// `slot` points to a pointer that is null or was stored by `__accrt_private_reserve`.
#[no_mangle]
pub unsafe extern "C" fn __accrt_private_release(slot: *mut *mut c_void) {
    guard("__accrt_private_release", || {
        if slot.is_null() {
            return;
        }
        // SAFETY: the caller's contract.
        let current = unsafe { *slot };
        if current.is_null() {
            return;
        }
        // SAFETY: an allocation of ours: its header is in front of it and holds its capacity,
        // from which its layout follows.
        unsafe {
            let base = current.cast::<u8>().sub(PRIVATE_HEADER);
            let capacity = base.cast::<u64>().read();
            std::alloc::dealloc(base, private_layout(capacity));
            *slot = std::ptr::null_mut();
        }
    })
}

/// The wait directive: blocks, or with an async queue makes that queue wait.
///
/// # Safety
/// `queues` holds `count` ints (or `count` is -1 for all queues, or 0); `loc` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn __accrt_wait(
    queues: *const c_int,
    count: c_int,
    async_arg: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_wait", || {
        let origin = Origin::Directive {
            what: "wait directive",
            // SAFETY: null or valid by the caller's contract.
            loc: unsafe { location(loc) },
        };
        // SAFETY: the caller's contract on the list.
        let waits = unsafe { waits(queues, count) };
        Runtime::global().wait(waits, async_arg, &origin);
    })
}

/// # Safety
/// `loc` is null or valid.
unsafe fn directive(what: &'static str, loc: *const AccrtLoc) -> Origin {
    Origin::Directive {
        what,
        // SAFETY: null or valid by the caller's contract.
        loc: unsafe { location(loc) },
    }
}

/// The init directive (`device_type`/`device_num` -1: not given).
///
/// # Safety
/// `loc` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn __accrt_init(device_type: c_int, device_num: c_int, loc: *const AccrtLoc) {
    guard("__accrt_init", || {
        // SAFETY: `loc` is null or valid by the caller's contract.
        let origin = unsafe { directive("init directive", loc) };
        Runtime::global().init(device_type, device_num, &origin);
    })
}

/// The shutdown directive (`device_type`/`device_num` -1: not given).
///
/// # Safety
/// `loc` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn __accrt_shutdown(
    device_type: c_int,
    device_num: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_shutdown", || {
        // SAFETY: `loc` is null or valid by the caller's contract.
        let origin = unsafe { directive("shutdown directive", loc) };
        Runtime::global().shutdown(device_type, device_num, &origin);
    })
}

/// The set directive (each argument -1: not given).
///
/// # Safety
/// `loc` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn __accrt_set(
    device_type: c_int,
    device_num: c_int,
    default_async: c_int,
    loc: *const AccrtLoc,
) {
    guard("__accrt_set", || {
        // SAFETY: `loc` is null or valid by the caller's contract.
        let origin = unsafe { directive("set directive", loc) };
        let runtime = Runtime::global();
        if device_type >= 0 {
            runtime.set_device_type(device_type, &origin);
        }
        if device_num >= 0 {
            runtime.set_device_num(device_num, crate::device::device_type::NONE, &origin);
        }
        if default_async != -1 {
            runtime.set_default_async(default_async, &origin);
        }
    })
}

/// `struct __accrt_image`: one device image embedded by accc's link step.
#[repr(C)]
#[derive(Debug)]
pub struct AccrtImage {
    pub version: u32,
    pub kind: u32,
    pub arch: *const c_char,
    pub bytes: *const u8,
    pub size: usize,
    pub kernels: *const *const c_char,
    pub kernel_count: usize,
    /// Version 2 and later: `AccrtImageGlobal` (version 2) or `AccrtImageGlobalV3` entries.
    pub globals: *const c_void,
    pub global_count: usize,
}

/// `struct __accrt_image` of version 4: the version 3 fields, then one
/// `struct __accrt_kernel_facts` per kernel.
#[repr(C)]
#[derive(Debug)]
pub struct AccrtImageV4 {
    pub base: AccrtImage,
    pub kernel_facts: *const AccrtKernelFacts,
}

/// `struct __accrt_kernel_facts`: what a launch of one kernel of an image needs to know: the
/// bytes of scratch buffer per thread of the grid (the launch ABI in codegen's `device`) and
/// flags ([`KERNEL_FIXED_GANGS`]).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AccrtKernelFacts {
    pub scratch_bytes: u64,
    pub flags: u32,
}

/// `struct __accrt_image_global`: a global variable an image defines.
#[repr(C)]
#[derive(Debug)]
pub struct AccrtImageGlobal {
    pub name: *const c_char,
    pub host: *mut c_void,
    pub size: usize,
}

/// `struct __accrt_image_global` of a version-3 image: version 2's fields, then flags (1: the
/// pointer global of a `declare link` variable, whose `host` and `size` are the variable's), the
/// variable's source name and the kernels that use it.
#[repr(C)]
#[derive(Debug)]
pub struct AccrtImageGlobalV3 {
    pub name: *const c_char,
    pub host: *mut c_void,
    pub size: usize,
    pub flags: u32,
    pub source_name: *const c_char,
    pub kernels: *const *const c_char,
    pub kernel_count: usize,
}

/// `AccrtImageGlobalV3::flags`: a `declare link` variable's pointer global.
const GLOBAL_LINK: u32 = accc_abi::image::GLOBAL_LINK as u32;

/// Registers a device image ([`crate::images`]); the image's data is copied. An image of
/// another version or an unknown kind is an internal error (accc and libaccrt disagree).
///
/// # Safety
/// `image` points to a valid `__accrt_image` whose pointers hold what its sizes say.
#[no_mangle]
pub unsafe extern "C" fn __accrt_register_image(image: *const AccrtImage) {
    guard("__accrt_register_image", || {
        // SAFETY: null or valid by the caller's contract.
        let Some(image) = (unsafe { image.as_ref() }) else {
            internal("__accrt_register_image: null image".to_string());
        };
        let Some(kind) = crate::images::ImageKind::from_raw(image.kind) else {
            internal(format!(
                "__accrt_register_image: unknown image kind {}",
                image.kind
            ));
        };
        if !(1..=accc_abi::image::VERSION as u32).contains(&image.version)
            || image.bytes.is_null()
            || image.kernels.is_null()
        {
            internal(format!(
                "__accrt_register_image: image version {} (libaccrt reads versions 1 to 4)",
                image.version
            ));
        }
        // SAFETY: the image's `globals` holds `global_count` entries of its version's layout.
        let globals = unsafe { image_globals(image) };
        // SAFETY: `bytes` holds `size` bytes and `kernels` `kernel_count` string pointers.
        let (bytes, kernels) = unsafe {
            (
                std::slice::from_raw_parts(image.bytes, image.size),
                std::slice::from_raw_parts(image.kernels, image.kernel_count),
            )
        };
        crate::images::register(crate::images::Image {
            // SAFETY: NUL-terminated string literals of the generated code (or null).
            arch: unsafe { string(image.arch) }.unwrap_or_default(),
            kind,
            bytes: bytes.to_vec(),
            // SAFETY: as above.
            kernels: kernels
                .iter()
                .filter_map(|&name| unsafe { string(name) })
                .collect(),
            // SAFETY: a version 4 image is an `AccrtImageV4` whose `kernel_facts` (when not
            // null) holds `kernel_count` entries.
            facts: unsafe { kernel_facts(image) },
            globals,
        });
        // A device already started binds the new image's globals now.
        crate::runtime::Runtime::image_registered();
    })
}

/// The facts of a version 4 image's kernels, in `kernels` order (empty for older images,
/// whose kernels take no scratch buffer).
///
/// # Safety
/// An image of version 4 or later is an [`AccrtImageV4`], whose `kernel_facts` is null or
/// holds `kernel_count` entries.
unsafe fn kernel_facts(image: &AccrtImage) -> Vec<crate::images::KernelFacts> {
    if image.version < 4 {
        return Vec::new();
    }
    // SAFETY: by the function's contract the image continues with the version 4 field.
    let image = unsafe { &*(image as *const AccrtImage).cast::<AccrtImageV4>() };
    if image.kernel_facts.is_null() {
        return Vec::new();
    }
    // SAFETY: `kernel_facts` holds `kernel_count` entries by the function's contract.
    let facts = unsafe { std::slice::from_raw_parts(image.kernel_facts, image.base.kernel_count) };
    facts
        .iter()
        .map(|f| crate::images::KernelFacts {
            scratch_bytes: f.scratch_bytes,
            fixed_gangs: f.flags & KERNEL_FIXED_GANGS != 0,
        })
        .collect()
}

/// `__accrt_kernel_facts.flags`: the kernel's construct gives `num_gangs`.
pub const KERNEL_FIXED_GANGS: u32 = accc_abi::image::KERNEL_FIXED_GANGS as u32;

/// The globals of a version 2 or 3 image (none for version 1).
///
/// # Safety
/// `image.globals` is null or holds `image.global_count` entries of the version's layout, whose
/// strings are NUL-terminated (or null) and whose kernel tables hold what their counts say.
unsafe fn image_globals(image: &AccrtImage) -> Vec<crate::images::ImageGlobal> {
    if image.version < 2 || image.globals.is_null() {
        return Vec::new();
    }
    if image.version == 2 {
        // SAFETY: by the function's contract.
        let globals = unsafe {
            std::slice::from_raw_parts(image.globals.cast::<AccrtImageGlobal>(), image.global_count)
        };
        return globals
            .iter()
            .filter_map(|global| {
                Some(crate::images::ImageGlobal {
                    // SAFETY: a NUL-terminated string literal of the generated code (or null).
                    name: unsafe { string(global.name) }?,
                    host: global.host as usize,
                    bytes: global.size,
                    link: None,
                })
            })
            .collect();
    }
    // SAFETY: by the function's contract.
    let globals = unsafe {
        std::slice::from_raw_parts(
            image.globals.cast::<AccrtImageGlobalV3>(),
            image.global_count,
        )
    };
    globals
        .iter()
        .filter_map(|global| {
            // SAFETY: NUL-terminated string literals of the generated code (or null).
            let name = unsafe { string(global.name) }?;
            let link = (global.flags & GLOBAL_LINK != 0).then(|| {
                let kernels = if global.kernels.is_null() {
                    &[][..]
                } else {
                    // SAFETY: `kernels` holds `kernel_count` string pointers.
                    unsafe { std::slice::from_raw_parts(global.kernels, global.kernel_count) }
                };
                crate::images::ImageLink {
                    // SAFETY: as above.
                    name: unsafe { string(global.source_name) }.unwrap_or_else(|| name.clone()),
                    // SAFETY: as above.
                    kernels: kernels
                        .iter()
                        .filter_map(|&k| unsafe { string(k) })
                        .collect(),
                }
            });
            Some(crate::images::ImageGlobal {
                name,
                host: global.host as usize,
                bytes: global.size,
                link,
            })
        })
        .collect()
}

/// Registers `count` kernel names that run as one gang on the multicore device
/// ([`crate::images::one_gang`]).
///
/// # Safety
/// `names` points to `count` NUL-terminated strings (or is null with `count` 0).
#[no_mangle]
pub unsafe extern "C" fn __accrt_register_one_gang(names: *const *const c_char, count: usize) {
    guard("__accrt_register_one_gang", || {
        if names.is_null() || count == 0 {
            return;
        }
        // SAFETY: `names` holds `count` string pointers by the caller's contract.
        let names = unsafe { std::slice::from_raw_parts(names, count) };
        // SAFETY: each is a NUL-terminated string literal of the generated code (or null).
        crate::images::register_one_gang(names.iter().filter_map(|&n| unsafe { string(n) }));
    })
}

/// The number of device images registered so far (for tests and diagnostics).
#[no_mangle]
pub extern "C" fn __accrt_images_count() -> usize {
    guard("__accrt_images_count", crate::images::count)
}

#[cfg(test)]
#[path = "abi_tests.rs"]
mod tests;
