//! Tests of the private ABI's conversion of `__accrt_data` arrays: `ACCRT_ROWS` entries (a
//! pointer array and one block per pointer) expand into the pointer array's op, each row's op
//! and its attach/detach, and the attachment counters of nested regions stay right.

use super::*;
use crate::device::DeviceKind;
use crate::queue::ASYNC_SYNC;
use crate::runtime::{Phase, Runtime, Source, Waits};
use crate::table::{Action, Flags};

fn runtime(kind: DeviceKind) -> Runtime {
    Runtime::new(&crate::env::parse(
        Some(kind.name()),
        None,
        Some("4"),
        4,
        &crate::env::Probe::NONE,
    ))
}

fn source() -> Source {
    Source::Directive {
        what: "test",
        loc: None,
    }
}

fn counters(runtime: &Runtime, host: usize) -> Option<(u64, u64)> {
    let slot = runtime.current();
    let table = slot.table.lock().unwrap();
    table
        .entry_containing(host)
        .map(|entry| (entry.structured, entry.dynamic))
}

/// `__accrt_data` entries of `p[lo:n][c0:nc]` over `rows` (the pointer array), as generated code
/// writes them.
fn rows_entry(
    pointers: &[*mut f64],
    action: Action,
    flags: Flags,
    c0: usize,
    nc: usize,
) -> AccrtData {
    AccrtData {
        host: pointers.as_ptr() as *mut std::ffi::c_void,
        bytes: std::mem::size_of_val(pointers),
        name: c"p[0:3][1:2]".as_ptr(),
        action: action as i32,
        flags: (flags.0 | ACCRT_ROWS) as i32,
        device: std::ptr::null_mut(),
        row_offset: c0 * 8,
        row_bytes: nc * 8,
    }
}

/// The attachment counter of the pointer slot at `location`.
fn attachments(runtime: &Runtime, location: usize) -> Option<u64> {
    let slot = runtime.current();
    let table = slot.table.lock().unwrap();
    let entry = table.entry_containing(location)?;
    entry.attachments.get(&location).copied()
}

#[test]
fn rows_entries_map_each_row_and_count_attachments_across_nested_regions() {
    let runtime = runtime(DeviceKind::Multicore);
    let mut rows: Vec<Vec<f64>> = (0..3).map(|i| vec![i as f64; 4]).collect();
    let pointers: Vec<*mut f64> = rows.iter_mut().map(|r| r.as_mut_ptr()).collect();
    let s = Flags::STRUCTURED;
    let entry = [rows_entry(&pointers, Action::Copyin, s, 1, 2)];
    // SAFETY: one valid entry whose pointer array and rows are live.
    let (ops, origins) = unsafe { data_ops(entry.as_ptr(), 1, "test") };
    // The pointer array, then each row's block and its attach, the row offset carried along.
    let kinds: Vec<(Action, usize, usize)> =
        ops.iter().map(|o| (o.action, o.host, o.bytes)).collect();
    let mut want = vec![(Action::Copyin, pointers.as_ptr() as usize, 24)];
    for (i, row) in pointers.iter().enumerate() {
        want.push((Action::Copyin, *row as usize + 8, 16));
        want.push((Action::Attach, pointers.as_ptr() as usize + 8 * i, 8));
    }
    assert_eq!(kinds, want);
    assert_eq!(origins, vec![Some(0), None, None, None, None, None, None]);
    assert!(ops.iter().all(|o| o.flags == s));
    assert_eq!(ops[2].pointer_target, pointers[0] as usize);
    assert_eq!(ops[2].pointer_offset, 8);
    assert_eq!(ops[1].name.as_deref(), Some("p[0:3][1:2] (row 0)"));

    // Two nested regions: each attaches once more; the inner exit leaves the counters at 1.
    runtime.data(Phase::Enter, &ops, ASYNC_SYNC, Waits::Nothing, &source());
    runtime.data(Phase::Enter, &ops, ASYNC_SYNC, Waits::Nothing, &source());
    let slot_of = |i: usize| pointers.as_ptr() as usize + 8 * i;
    assert_eq!(attachments(&runtime, slot_of(2)), Some(2));
    let exit = [rows_entry(&pointers, Action::Copyout, s, 1, 2)];
    // SAFETY: as above.
    let (exit_ops, _) = unsafe { data_ops(exit.as_ptr(), 1, "test") };
    assert_eq!(exit_ops[2].action, Action::Detach);
    runtime.data(
        Phase::Exit,
        &exit_ops,
        ASYNC_SYNC,
        Waits::Nothing,
        &source(),
    );
    for (i, row) in pointers.iter().enumerate() {
        assert_eq!(attachments(&runtime, slot_of(i)), Some(1));
        assert_eq!(counters(&runtime, *row as usize + 8), Some((1, 0)));
    }
    runtime.data(
        Phase::Exit,
        &exit_ops,
        ASYNC_SYNC,
        Waits::Nothing,
        &source(),
    );
    assert!(!runtime.is_present(pointers.as_ptr() as usize, 24));
    assert!(!runtime.is_present(pointers[1] as usize + 8, 16));

    // An update names only the rows, never the pointer array.
    let update = [rows_entry(&pointers, Action::UpdateHost, Flags(0), 1, 2)];
    // SAFETY: as above.
    let (update_ops, origins) = unsafe { data_ops(update.as_ptr(), 1, "test") };
    let hosts: Vec<usize> = update_ops.iter().map(|o| o.host).collect();
    let want: Vec<usize> = pointers.iter().map(|p| *p as usize + 8).collect();
    assert_eq!(hosts, want);
    assert!(update_ops.iter().all(|o| o.action == Action::UpdateHost));
    assert_eq!(origins, vec![None, None, None]);
}

#[test]
fn a_rows_entry_with_an_invalid_pointer_array_is_left_to_the_table() {
    // A negative C length (bytes near 2^64): no pointer is read; the table reports the section.
    let pointers = [std::ptr::null_mut::<f64>(); 1];
    let mut entry = rows_entry(&pointers, Action::Copyin, Flags::STRUCTURED, 0, 1);
    entry.bytes = usize::MAX - 7;
    // SAFETY: the entry is valid; its pointer array is not read.
    let (ops, origins) = unsafe { data_ops(&entry, 1, "test") };
    assert_eq!(ops.len(), 1);
    assert_eq!(ops[0].bytes, usize::MAX - 7);
    assert_eq!(origins, vec![Some(0)]);
}

/// A version 4 image's kernel facts reach the registry (scratch bytes, the `num_gangs` flag).
#[test]
fn version_4_images_carry_each_kernels_scratch_bytes() {
    use crate::images::{images, Image, KernelFacts};
    let names = [c"k_scratch_a".as_ptr(), c"k_scratch_b".as_ptr()];
    let facts = [
        AccrtKernelFacts {
            scratch_bytes: 0,
            flags: 0,
        },
        AccrtKernelFacts {
            scratch_bytes: 8192,
            flags: 1,
        },
    ];
    let bytes = b"ptx";
    let image = AccrtImageV4 {
        base: AccrtImage {
            version: 4,
            kind: 1,
            arch: c"sm_70".as_ptr(),
            bytes: bytes.as_ptr(),
            size: bytes.len(),
            kernels: names.as_ptr(),
            kernel_count: names.len(),
            globals: std::ptr::null(),
            global_count: 0,
        },
        kernel_facts: facts.as_ptr(),
    };
    // SAFETY: a version 4 image whose tables hold what their counts say.
    unsafe { __accrt_register_image(&image.base) };
    let registered = images()
        .into_iter()
        .rev()
        .find(|i| i.kernels.iter().any(|k| k == "k_scratch_b"))
        .expect("the image is registered");
    assert_eq!(registered.facts_of("k_scratch_a"), KernelFacts::default());
    assert_eq!(
        registered.facts_of("k_scratch_b"),
        KernelFacts {
            scratch_bytes: 8192,
            fixed_gangs: true
        }
    );
    // A kernel the image does not list, or an older image without facts: no scratch.
    assert_eq!(registered.facts_of("k_other"), KernelFacts::default());
    let older = Image {
        facts: Vec::new(),
        ..registered
    };
    assert_eq!(older.facts_of("k_scratch_b"), KernelFacts::default());
}

/// A private copy's storage is reused while large enough, replaced when a larger one is asked
/// for, aligned, and freed by the release (which leaves the slot null, as a second release
/// expects).
#[test]
fn private_storage_grows_and_is_released() {
    let mut slot: *mut c_void = std::ptr::null_mut();
    // SAFETY: `slot` starts null and only these calls store into it.
    unsafe {
        let first = __accrt_private_reserve(&mut slot, 100);
        assert!(!first.is_null());
        assert_eq!(first as usize % 64, 0);
        assert_eq!(slot, first);
        first.cast::<u8>().write_bytes(7, 100);
        assert_eq!(__accrt_private_reserve(&mut slot, 64), first);
        assert_eq!(__accrt_private_reserve(&mut slot, 100), first);
        let larger = __accrt_private_reserve(&mut slot, 1 << 20);
        assert_eq!(slot, larger);
        larger.cast::<u8>().add((1 << 20) - 1).write(1);
        __accrt_private_release(&mut slot);
        assert!(slot.is_null());
        __accrt_private_release(&mut slot);
        // Zero bytes still get storage of their own.
        let empty = __accrt_private_reserve(&mut slot, 0);
        assert!(!empty.is_null());
        __accrt_private_release(&mut slot);
    }
}
