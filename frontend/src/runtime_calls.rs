//! The runtime calls both host emitters write, language-neutral: the `accc-abi` numbers of data
//! actions, flags, constructs and device types for acc-ir's ops, and the C spelling of the
//! pieces every construct's code has (queue arguments, locations, kernel name lists, string
//! literals). The C emitter (`c::emit`) writes them into the user's translation unit; the
//! Fortran emitter (`fortran::emit`) into the C shims its rewritten source calls. Neither
//! emitter imports the other.

use acc_ir::body::Kernel;
use acc_ir::*;
use std::collections::HashMap;
use std::fmt::Write as _;

// The runtime's action and flag numbers (accrt.h, from the crate accc-abi).
use accc_abi::{action as act, construct as cons, flags as fl};
pub(crate) const ACCRT_STRUCTURED: u32 = fl::STRUCTURED as u32;
pub(crate) const ACCRT_ZERO: u32 = fl::ZERO as u32;
pub(crate) const ACCRT_READONLY: u32 = fl::READONLY as u32;
pub(crate) const ACCRT_IMPLICIT: u32 = fl::IMPLICIT as u32;
pub(crate) const ACCRT_FINALIZE: u32 = fl::FINALIZE as u32;
pub(crate) const ACCRT_IF_PRESENT: u32 = fl::IF_PRESENT as u32;
pub(crate) const ACCRT_COPY_CLAUSE: u32 = fl::COPY_CLAUSE as u32;
pub(crate) const ACCRT_COPYOUT_CLAUSE: u32 = fl::COPYOUT_CLAUSE as u32;
/// The op maps an array of pointers and one block per pointer, attached (`rows = attach`).
pub(crate) const ACCRT_ROWS: u32 = fl::ROWS as u32;
/// `enum __accrt_construct` (accrt.h): the construct that asks `__accrt_use_kernels`.
pub(crate) fn construct_code(kind: ComputeKind) -> u32 {
    (match kind {
        ComputeKind::Parallel => cons::PARALLEL,
        ComputeKind::Serial => cons::SERIAL,
        ComputeKind::Kernels => cons::KERNELS,
    }) as u32
}
pub(crate) const ACCRT_NO_KERNELS: u32 = cons::NO_KERNELS as u32;
pub(crate) const ACC_ASYNC_NOVAL: i32 = accc_abi::async_arg::NOVAL;
pub(crate) const ACC_ASYNC_SYNC: i32 = accc_abi::async_arg::SYNC;

pub(crate) fn action(kind: DataOpKind) -> Option<u32> {
    let action = match kind {
        DataOpKind::Copyin => act::COPYIN,
        DataOpKind::Create | DataOpKind::DeclareDeviceResident => act::CREATE,
        DataOpKind::Present => act::PRESENT,
        DataOpKind::NoCreate => act::NOCREATE,
        DataOpKind::Attach => act::ATTACH,
        DataOpKind::Deviceptr => act::DEVICEPTR,
        DataOpKind::GetDevicePtr | DataOpKind::UseDevice => act::GETDEVICEPTR,
        DataOpKind::UpdateDevice => act::UPDATE_DEVICE,
        DataOpKind::Copyout => act::COPYOUT,
        DataOpKind::Delete => act::DELETE,
        DataOpKind::Detach => act::DETACH,
        DataOpKind::UpdateHost => act::UPDATE_HOST,
        DataOpKind::Private
        | DataOpKind::Firstprivate
        | DataOpKind::Reduction
        | DataOpKind::Cache
        | DataOpKind::DeclareLink => return None,
    };
    Some(action as u32)
}

/// The `__accrt_action` that attaches (entry) or detaches (exit) a pointer in the device copy
/// of its struct, for a data op on what the pointer reaches (a C pointer member's section, a
/// Fortran allocatable component's data); `None` for ops without one.
pub(crate) fn pointer_action(kind: DataOpKind) -> Option<u32> {
    match kind {
        DataOpKind::Copyin | DataOpKind::Create | DataOpKind::Present | DataOpKind::NoCreate => {
            Some(act::ATTACH as u32)
        }
        DataOpKind::Copyout | DataOpKind::Delete => Some(act::DETACH as u32),
        _ => None,
    }
}

/// `async, waits, nwaits` arguments of a construct's queues, declaring the waits array
/// `__acc_w` in `decls`; `value` spells a host expression in C.
pub(crate) fn queue_args(
    queues: &AsyncWait,
    decls: &mut String,
    mut value: impl FnMut(ExprHandle) -> String,
) -> String {
    let async_ = queues
        .async_
        .iter()
        .find(|a| a.device_types.is_empty())
        .map(|a| match &a.value {
            AsyncArg::Noval => ACC_ASYNC_NOVAL.to_string(),
            AsyncArg::Queue(e) => format!("(int){}", value(*e)),
        })
        .unwrap_or_else(|| ACC_ASYNC_SYNC.to_string());
    let wait = queues.wait.iter().find(|w| w.device_types.is_empty());
    let (waits, count) = match wait {
        None => ("0".to_string(), "0".to_string()),
        Some(w) if w.value.queues.is_empty() => ("0".to_string(), "-1".to_string()),
        Some(w) => {
            let list: Vec<String> = w
                .value
                .queues
                .iter()
                .map(|q| format!("(int){}", value(*q)))
                .collect();
            let _ = write!(decls, " const int __acc_w[] = {{ {} }};", list.join(", "));
            ("__acc_w".to_string(), list.len().to_string())
        }
    };
    format!("{async_}, {waits}, {count}")
}

/// The `__accrt_wait` call of a `wait` directive (after its condition), declaring its queue
/// list `__acc_w` in `decls`; `value` spells a host expression in C.
pub(crate) fn wait_call(
    list: &crate::host_plan::WaitList,
    async_: Option<&AsyncArg>,
    decls: &mut String,
    mut value: impl FnMut(ExprHandle) -> String,
) -> String {
    let (list, count) = match list {
        crate::host_plan::WaitList::Queues(queues) => {
            let list: Vec<String> = queues
                .iter()
                .map(|q| format!("(int){}", value(*q)))
                .collect();
            let _ = write!(decls, " const int __acc_w[] = {{ {} }};", list.join(", "));
            ("__acc_w", list.len() as i64)
        }
        crate::host_plan::WaitList::All => ("0", -1),
    };
    let async_ = match async_ {
        None => ACC_ASYNC_SYNC.to_string(),
        Some(AsyncArg::Noval) => ACC_ASYNC_NOVAL.to_string(),
        Some(AsyncArg::Queue(e)) => format!("(int){}", value(*e)),
    };
    format!("__accrt_wait({list}, {count}, {async_}, &__acc_l)")
}

/// The `__accrt_init`, `__accrt_shutdown` or `__accrt_set` call of a device directive; `value`
/// spells a host expression in C.
pub(crate) fn device_call(
    call: crate::host_plan::DeviceCall,
    device_type: i32,
    device_num: Option<ExprHandle>,
    mut value: impl FnMut(ExprHandle) -> String,
) -> String {
    use crate::host_plan::DeviceCall;
    let num = device_num
        .map(|e| format!("(int){}", value(e)))
        .unwrap_or_else(|| "-1".into());
    match call {
        DeviceCall::Init => format!("__accrt_init({device_type}, {num}, &__acc_l)"),
        DeviceCall::Shutdown => format!("__accrt_shutdown({device_type}, {num}, &__acc_l)"),
        DeviceCall::Set { default_async } => {
            let default_async = default_async
                .map(|e| format!("(int){}", value(e)))
                .unwrap_or_else(|| "-1".into());
            format!("__accrt_set({device_type}, {num}, {default_async}, &__acc_l)")
        }
    }
}

/// A construct's kernel names as the null-terminated C array `__accrt_use_kernels_of` takes (a
/// compound literal).
pub(crate) fn kernel_names(kernels: &[&Kernel]) -> String {
    let mut names = String::from("(const char *const[]){ ");
    for kernel in kernels {
        let _ = write!(names, "\"{}\", ", kernel.name);
    }
    names.push_str("0 }");
    names
}

/// The parts of a kernel launch that its `via` table decides (`__accrt_kernel.via`: per
/// argument, the construct entry that translates the host address passed, or -1), for a launch
/// whose kernel record is `__acc_k`, argument array `__acc_a` and entry array `__acc_e`.
pub(crate) struct ViaLaunch {
    /// `static const int __acc_via[] = { ... }; ` (nothing when no argument is translated).
    pub declaration: String,
    /// What follows `arg_sizes` in the record's initialiser.
    pub field: &'static str,
    /// The call up to its `iterations` argument.
    pub call: &'static str,
}

pub(crate) fn via_launch(via: &[i64]) -> ViaLaunch {
    if via.iter().all(|&entry| entry < 0) {
        return ViaLaunch {
            declaration: String::new(),
            field: "",
            call: "__accrt_launch(&__acc_k, __acc_a, ",
        };
    }
    let entries: Vec<String> = via.iter().map(i64::to_string).collect();
    ViaLaunch {
        declaration: format!(
            "static const int __acc_via[] = {{ {} }}; ",
            entries.join(", ")
        ),
        field: ", __acc_via",
        call: "__accrt_launch_mapped(&__acc_k, __acc_a, __acc_e, ",
    }
}

/// The runtime flags of a data op (`accrt.h`), with `extra` (finalize, if_present) added.
pub(crate) fn data_flags(data: &DataOp, extra: u32) -> u32 {
    let mut flags = extra;
    // The clause, where its actions alone do not name it (messages of the runtime).
    match data.data_clause {
        DataClause::Copy => flags |= ACCRT_COPY_CLAUSE,
        DataClause::Copyout => flags |= ACCRT_COPYOUT_CLAUSE,
        _ => {}
    }
    if data.structured {
        flags |= ACCRT_STRUCTURED;
    }
    if data.modifiers.zero {
        flags |= ACCRT_ZERO;
    }
    if data.modifiers.readonly {
        flags |= ACCRT_READONLY;
    }
    if data.implicit {
        flags |= ACCRT_IMPLICIT;
    }
    flags
}

/// The kernels of each compute construct, in order; a construct is launched only when every
/// one of its kernels compiled (`compiled`: the kernel object's names, `None`: all).
pub(crate) fn kernels_by_compute<'m>(
    module: &'m Module,
    compiled: Option<&[String]>,
) -> HashMap<Handle<Op>, Vec<&'m Kernel>> {
    let mut map: HashMap<Handle<Op>, Vec<&Kernel>> = HashMap::new();
    for kernel in &module.kernels {
        map.entry(kernel.compute).or_default().push(kernel);
    }
    map.retain(|_, kernels| {
        kernels
            .iter()
            .all(|k| compiled.is_none_or(|names| names.contains(&k.name)))
    });
    map
}

/// `acc_construct_t` of a directive (`acc_prof.h`).
pub(crate) fn construct_number(kind: &OpKind) -> i32 {
    match kind {
        OpKind::Compute(c) => match c.kind {
            ComputeKind::Parallel => 0,
            ComputeKind::Kernels => 1,
            ComputeKind::Serial => 16,
        },
        OpKind::Loop(_) => 2,
        OpKind::Data(_) => 3,
        OpKind::EnterData(_) => 4,
        OpKind::ExitData(_) => 5,
        OpKind::HostData(_) => 6,
        OpKind::Atomic(_) => 7,
        OpKind::Declare(_) => 8,
        OpKind::Init(_) => 9,
        OpKind::Shutdown(_) => 10,
        OpKind::Set(_) => 11,
        OpKind::Update(_) => 12,
        OpKind::Routine(_) => 13,
        OpKind::Wait(_) => 14,
        OpKind::Cache(_) => 2,
    }
}

/// The `__accrt_loc` initialiser of a directive (`runtime/include/accrt.h`): file, function,
/// line, end line, the function's lines, 1 + its `acc_construct_t`, and `ACCRT_LOC_NO_KERNELS`
/// for a compute construct without kernels.
pub(crate) fn loc_initialiser(
    file: &str,
    function: &str,
    line: u32,
    lines: &crate::PlacementLines,
    kind: &OpKind,
    no_kernels: bool,
) -> String {
    format!(
        "{{ {}, {}, {line}, {}, {}, {}, {}, {} }}",
        c_string(file),
        c_string(function),
        lines.end.max(line),
        lines.function.0,
        lines.function.1,
        construct_number(kind) + 1,
        u8::from(no_kernels)
    )
}

/// A C string literal for `text`.
pub(crate) fn c_string(text: &str) -> String {
    let mut out = String::from("\"");
    for byte in text.bytes() {
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(byte as char),
            _ => {
                let _ = write!(out, "\\{byte:03o}");
            }
        }
    }
    out.push('"');
    out
}

/// The `else` branches that report a construct whose `if` clause is false to the runtime's
/// profiling events (`__accrt_skip`), at its start and at its end; none without an `if` clause.
pub(crate) fn skips(cond: &str) -> (&'static str, &'static str) {
    if cond == "1" {
        ("", "")
    } else {
        (
            " else __accrt_skip(0, &__acc_l);",
            " else __accrt_skip(1, &__acc_l);",
        )
    }
}

/// The runtime's `acc_device_t` number of a device type.
pub(crate) fn device_type_number(device_type: &DeviceType) -> i32 {
    use accc_abi::device_type as number;
    match device_type {
        DeviceType::Star | DeviceType::Default => number::DEFAULT,
        DeviceType::Host => number::HOST,
        DeviceType::Nvidia => number::NVIDIA,
        DeviceType::Radeon => number::RADEON,
        DeviceType::Multicore => number::MULTICORE,
        DeviceType::Other(_) => number::NONE,
    }
}
