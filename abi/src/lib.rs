//! The contract between the code accc generates and its runtime, libaccrt, stated once.
//!
//! Generated host code (the C emitter's rewritten source, the Fortran emitter's C shims, the
//! link step's image registration) calls libaccrt's `__accrt_*` entry points with numbers and
//! `#[repr(C)]` records. This crate holds all of them:
//! * the numbers, as Rust constants and as the C enums they become ([`action`], [`flags`],
//!   [`construct`], [`loc_flags`], [`device_type`], [`async_arg`], [`image`], [`launch`]);
//! * the records the runtime reads ([`AccrtLoc`], [`AccrtData`], [`AccrtKernel`]), with their
//!   C spelling ([`contract::LOC`], ...);
//! * every entry point's C prototype and documentation ([`contract::HEADER`]).
//!
//! [`c::header`] renders `runtime/include/accrt.h` from that (a test fails when the committed
//! header differs: `ACCC_BLESS=1 cargo test -p accc-abi` rewrites it); [`c::prelude`] renders
//! the declarations the emitters paste into the code they generate, which is compiled as
//! preprocessed C (no `#include`, so `int64_t` is spelled `long`: accc targets LP64 Linux).
//! The runtime and the compiler use the constants and records from here, so a number changes in
//! one place. `openacc.h` and the Fortran module `openacc`, written for users, repeat the
//! `acc_device_t` and async numbers; a test checks that they agree with [`device_type`] and
//! [`async_arg`].
//!
//! No dependencies: the frontend, the driver and the runtime all use it.

pub mod c;
pub mod contract;
pub mod fortran;

use core::ffi::{c_char, c_int, c_void};

/// One named number of a C enum.
#[derive(Debug)]
pub struct Constant {
    /// The C name (`ACCRT_COPYIN`).
    pub name: &'static str,
    pub value: i64,
    /// What it means (one line of prose; empty: nothing to add).
    pub doc: &'static str,
}

/// A C enum of the contract.
#[derive(Debug)]
pub struct Enum {
    /// `enum <c_name> { ... }`.
    pub c_name: &'static str,
    pub doc: &'static str,
    pub constants: &'static [Constant],
}

/// Defines a module of `i32` constants and its C enum ([`Enum`]) from one list.
macro_rules! c_enum {
    (
        $(#[$meta:meta])*
        $module:ident = $c_name:literal, $doc:literal {
            $($name:ident = $value:literal, $c:literal, $cdoc:literal;)*
        }
    ) => {
        $(#[$meta])*
        pub mod $module {
            $(#[doc = $cdoc] pub const $name: i32 = $value;)*
            /// The C enum of these constants.
            pub const ENUM: crate::Enum = crate::Enum {
                c_name: $c_name,
                doc: $doc,
                constants: &[$(crate::Constant { name: $c, value: $value, doc: $cdoc }),*],
            };
        }
    };
}

c_enum! {
    /// The data action of an `__accrt_data` item (acc-ir's decomposed data entry/exit ops).
    action = "__accrt_action", "One decomposed data-clause action (acc-ir's data entry/exit ops)." {
        COPYIN = 1, "ACCRT_COPYIN", "entry: present -> increment; absent -> allocate, copy, counter = 1";
        CREATE = 2, "ACCRT_CREATE", "entry: as copyin without the copy (ACCRT_ZERO: zero-fill it)";
        PRESENT = 3, "ACCRT_PRESENT", "entry: present -> increment; absent -> error";
        NOCREATE = 4, "ACCRT_NOCREATE", "entry: present -> increment; absent -> no action, host address";
        ATTACH = 5, "ACCRT_ATTACH", "entry: host = address of a pointer; attachment counter + 1";
        DEVICEPTR = 6, "ACCRT_DEVICEPTR", "entry/exit: no table; device = host";
        GETDEVICEPTR = 7, "ACCRT_GETDEVICEPTR", "entry: use_device; absent -> error unless ACCRT_IF_PRESENT";
        UPDATE_DEVICE = 8, "ACCRT_UPDATE_DEVICE", "update: copy host -> device; absent -> error unless ACCRT_IF_PRESENT";
        COPYOUT = 9, "ACCRT_COPYOUT", "exit: decrement; at zero/zero copy back and free";
        DELETE = 10, "ACCRT_DELETE", "exit: decrement; at zero/zero free";
        DETACH = 11, "ACCRT_DETACH", "exit: attachment counter - 1 (ACCRT_FINALIZE: to 0)";
        UPDATE_HOST = 12, "ACCRT_UPDATE_HOST", "update: copy device -> host";
    }
}

c_enum! {
    /// Modifiers of an `__accrt_data` item's action, or-ed.
    flags = "__accrt_flags", "Modifiers of a data action, or-ed into __accrt_data.flags." {
        STRUCTURED = 1, "ACCRT_STRUCTURED", "the structured reference counter (else the dynamic one)";
        ZERO = 2, "ACCRT_ZERO", "create(zero: ...)";
        READONLY = 4, "ACCRT_READONLY", "copyin(readonly: ...) (a hint)";
        IMPLICIT = 8, "ACCRT_IMPLICIT", "the clause was implicit (named so in error messages)";
        FINALIZE = 16, "ACCRT_FINALIZE", "exit data ... finalize: the dynamic counter drops to zero";
        IF_PRESENT = 32, "ACCRT_IF_PRESENT", "update/use_device ... if_present";
        ROWS = 64, "ACCRT_ROWS", "host..host+bytes is an array of pointers (p[lo:n] of p[lo:n][lo2:n2] with p a pointer to pointers or an array of pointers): see row_offset";
        COPY_CLAUSE = 128, "ACCRT_COPY_CLAUSE", "the action comes from a copy clause (messages name it)";
        COPYOUT_CLAUSE = 256, "ACCRT_COPYOUT_CLAUSE", "the action comes from a copyout clause (messages name it)";
    }
}

c_enum! {
    /// `__accrt_loc.flags`.
    loc_flags = "__accrt_loc_flags", "__accrt_loc.flags, or-ed." {
        NO_KERNELS = 1, "ACCRT_LOC_NO_KERNELS", "a compute construct without kernels: it runs its host code";
    }
}

c_enum! {
    /// The compute construct that asks `__accrt_use_kernels`.
    construct = "__accrt_construct", "The compute construct asking __accrt_use_kernels, or-ed with ACCRT_NO_KERNELS when accc made no kernel of it (its region was not offloaded: the host code always runs)." {
        PARALLEL = 1, "ACCRT_PARALLEL", "a parallel construct";
        SERIAL = 2, "ACCRT_SERIAL", "a serial construct";
        KERNELS = 3, "ACCRT_KERNELS", "a kernels construct";
        NO_KERNELS = 16, "ACCRT_NO_KERNELS", "or-ed: accc made no kernel of the construct";
    }
}

c_enum! {
    /// The kinds and flags of the device images the link step embeds (`__accrt_image`).
    image = "__accrt_image_numbers", "The numbers of struct __accrt_image and its parts." {
        VERSION = 4, "ACCRT_IMAGE_VERSION", "the version accc writes (libaccrt also reads 1 to 3)";
        KIND_PTX = 1, "ACCRT_IMAGE_PTX", "kind: PTX text";
        KIND_HSACO = 2, "ACCRT_IMAGE_HSACO", "kind: an AMDGPU ELF code object";
        GLOBAL_LINK = 1, "ACCRT_GLOBAL_LINK", "__accrt_image_global.flags: the pointer global of a declare link variable (host and size are the variable's; its kernels are refused while the variable is not mapped)";
        KERNEL_FIXED_GANGS = 1, "ACCRT_KERNEL_FIXED_GANGS", "__accrt_kernel_facts.flags: the construct gives num_gangs, so the runtime may not launch fewer gangs to keep the scratch buffer small";
    }
}

c_enum! {
    /// Special `iterations` of `__accrt_launch`.
    launch = "__accrt_launch_numbers", "Special arguments of __accrt_launch." {
        GRID_ITERATIONS = -1, "ACCRT_GRID_ITERATIONS", "iterations: argument 0 is accc's int64_t[4] gang counts {_, G1, G2, G3}; the runtime raises each Gd below 1 to 1, stores G = G1 * G2 * G3 in the kernel's copy and runs G iterations with num_gangs G (the num_gangs argument is ignored)";
    }
}

/// The values of `acc_device_t` (`openacc.h`, and the Fortran module `openacc`).
pub mod device_type {
    pub const NONE: i32 = 0;
    pub const DEFAULT: i32 = 1;
    pub const HOST: i32 = 2;
    pub const NOT_HOST: i32 = 3;
    pub const NVIDIA: i32 = 4;
    pub const RADEON: i32 = 5;
    pub const MULTICORE: i32 = 6;
    /// Each value with its name in `openacc.h` (`acc_device_<name>`).
    pub const NAMES: [(&str, i32); 7] = [
        ("none", NONE),
        ("default", DEFAULT),
        ("host", HOST),
        ("not_host", NOT_HOST),
        ("nvidia", NVIDIA),
        ("radeon", RADEON),
        ("multicore", MULTICORE),
    ];
}

/// The async arguments of OpenACC (`acc_async_*` in `openacc.h`): what the `async` argument of
/// every entry point takes besides a queue number `n >= 0`.
pub mod async_arg {
    /// The default queue.
    pub const NOVAL: i32 = -1;
    /// Synchronous: no queue.
    pub const SYNC: i32 = -2;
    /// The queue `acc_set_default_async` selected.
    pub const DEFAULT: i32 = -3;
    /// Each value with its name in `openacc.h` (`acc_async_<name>`).
    pub const NAMES: [(&str, i32); 3] = [("noval", NOVAL), ("sync", SYNC), ("default", DEFAULT)];
}

/// `__accrt_loc`: where a directive is in the user's source.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct AccrtLoc {
    pub file: *const c_char,
    pub func: *const c_char,
    pub line: c_int,
    pub end_line: c_int,
    pub func_line: c_int,
    pub func_end_line: c_int,
    /// 1 + the `acc_construct_t` (0: not given).
    pub construct: c_int,
    /// [`loc_flags`].
    pub flags: c_int,
}

/// `__accrt_data`: one data action on bytes at `host`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct AccrtData {
    pub host: *mut c_void,
    pub bytes: usize,
    pub name: *const c_char,
    /// [`action`].
    pub action: c_int,
    /// [`flags`].
    pub flags: c_int,
    pub device: *mut c_void,
    /// [`flags::ROWS`]: where each pointer's block starts after its target, in bytes.
    pub row_offset: usize,
    /// [`flags::ROWS`]: the bytes of each pointer's block.
    pub row_bytes: usize,
}

/// `__accrt_host_kernel`.
pub type HostKernel = unsafe extern "C" fn(*mut *mut c_void, i64, i64, c_int);
/// `__accrt_finish`.
pub type Finish = unsafe extern "C" fn(*mut *mut c_void, c_int);

/// `__accrt_kernel`.
#[repr(C)]
#[derive(Debug)]
pub struct AccrtKernel {
    pub name: *const c_char,
    pub host: Option<HostKernel>,
    pub finish: Option<Finish>,
    pub nargs: c_int,
    pub arg_sizes: *const usize,
    /// Per argument: the entry whose mapping translates the host address `args[i]`, or -1
    /// (`__accrt_launch_mapped`).
    pub via: *const c_int,
}
