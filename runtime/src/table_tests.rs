//! Unit tests of the present table: every action, the counters, finalize, partly present data,
//! zero-length sections, attachment counting, map/unmap, on shared and discrete memory.

use super::*;

const S: Flags = Flags::STRUCTURED;
const D: Flags = Flags(0);

/// A discrete-memory table whose "device" allocator hands out addresses from 0x9000_0000 on.
struct Discrete {
    table: PresentTable,
    next: usize,
    out: Vec<Transfer>,
}

impl Discrete {
    fn new() -> Discrete {
        Discrete {
            table: PresentTable::new(false),
            next: 0x9000_0000,
            out: Vec::new(),
        }
    }

    fn enter(&mut self, action: Action, flags: Flags, host: usize, bytes: usize) -> usize {
        self.try_enter(action, flags, host, bytes)
            .expect("entry action succeeds")
    }

    fn try_enter(
        &mut self,
        action: Action,
        flags: Flags,
        host: usize,
        bytes: usize,
    ) -> Result<usize, TableError> {
        let next = &mut self.next;
        let mut alloc = |size: usize| {
            let address = *next;
            *next += size.next_multiple_of(0x1000);
            Some(address)
        };
        self.table.enter(
            &DataOp::new(action, flags, host, bytes),
            &mut alloc,
            &mut self.out,
        )
    }

    fn exit(&mut self, action: Action, flags: Flags, host: usize, bytes: usize) -> usize {
        self.table
            .exit(&DataOp::new(action, flags, host, bytes), &mut self.out)
            .expect("exit action succeeds")
    }

    fn counters(&self, host: usize) -> Option<(u64, u64)> {
        self.table
            .entry_containing(host)
            .map(|entry| (entry.structured, entry.dynamic))
    }

    fn take(&mut self) -> Vec<Transfer> {
        std::mem::take(&mut self.out)
    }
}

fn shared() -> (PresentTable, Vec<Transfer>) {
    (PresentTable::new(true), Vec::new())
}

fn no_alloc(_: usize) -> Option<usize> {
    panic!("shared-memory tables never allocate")
}

#[test]
fn copyin_allocates_once_and_counts() {
    let mut t = Discrete::new();
    let device = t.enter(Action::Copyin, D, 0x1000, 80);
    assert_eq!(device, 0x9000_0000);
    assert_eq!(
        t.take(),
        vec![Transfer::CopyIn {
            device,
            host: 0x1000,
            bytes: 80
        }]
    );
    assert_eq!(t.counters(0x1000), Some((0, 1)));
    // Present already: a present increment, no copy.
    assert_eq!(t.enter(Action::Copyin, S, 0x1010, 16), device + 0x10);
    assert_eq!(t.take(), vec![]);
    assert_eq!(t.counters(0x1000), Some((1, 1)));
}

#[test]
fn create_copies_nothing_and_zero_fills_with_the_zero_modifier() {
    let mut t = Discrete::new();
    let a = t.enter(Action::Create, S, 0x1000, 64);
    assert_eq!(t.take(), vec![]);
    let b = t.enter(Action::Create, S | Flags::ZERO, 0x2000, 64);
    assert_eq!(
        t.take(),
        vec![Transfer::Zero {
            device: b,
            bytes: 64
        }]
    );
    assert_ne!(a, b);
    // Zero on data already present does nothing: the device copy keeps its values.
    t.enter(Action::Create, S | Flags::ZERO, 0x2000, 64);
    assert_eq!(t.take(), vec![]);
}

#[test]
fn present_requires_data_and_counts_structured() {
    let mut t = Discrete::new();
    let err = t.try_enter(Action::Present, S, 0x1000, 8).unwrap_err();
    assert_eq!(err.kind, TableErrorKind::NotPresent);
    assert!(err.to_string().contains("is not present"), "{err}");
    t.enter(Action::Copyin, D, 0x1000, 8);
    t.enter(Action::Present, S, 0x1000, 8);
    assert_eq!(t.counters(0x1000), Some((1, 1)));
    t.exit(Action::Delete, S, 0x1000, 8);
    assert_eq!(t.counters(0x1000), Some((0, 1)));
}

#[test]
fn no_create_on_absent_data_uses_the_host_address_on_shared_memory() {
    let (mut table, mut out) = shared();
    let op = DataOp::new(Action::NoCreate, S, 0x1000, 8);
    assert_eq!(table.enter(&op, &mut no_alloc, &mut out), Ok(0x1000));
    assert!(table.is_empty());
    // The matching exit is no action on absent data.
    let exit = DataOp::new(Action::Delete, S, 0x1000, 8);
    assert_eq!(table.exit(&exit, &mut out), Ok(0));
    assert_eq!(out, vec![]);

    let mut t = Discrete::new();
    assert_eq!(t.enter(Action::NoCreate, S, 0x1000, 8), 0);
    t.enter(Action::Copyin, D, 0x1000, 8);
    t.enter(Action::NoCreate, S, 0x1000, 8);
    assert_eq!(t.counters(0x1000), Some((1, 1)));
}

#[test]
fn deviceptr_and_use_device() {
    let mut t = Discrete::new();
    assert_eq!(t.enter(Action::Deviceptr, S, 0x1234, 8), 0x1234);
    let err = t.try_enter(Action::GetDeviceptr, D, 0x1000, 8).unwrap_err();
    assert_eq!(err.kind, TableErrorKind::NotPresent);
    assert_eq!(
        t.enter(Action::GetDeviceptr, Flags::IF_PRESENT, 0x1000, 8),
        0
    );
    let device = t.enter(Action::Copyin, D, 0x1000, 8);
    assert_eq!(t.enter(Action::GetDeviceptr, D, 0x1004, 4), device + 4);
    assert_eq!(
        t.counters(0x1000),
        Some((0, 1)),
        "use_device counts nothing"
    );
}

#[test]
fn exit_decrements_and_copies_out_when_both_counters_reach_zero() {
    let mut t = Discrete::new();
    let device = t.enter(Action::Copyin, D, 0x1000, 40); // enter data copyin
    t.enter(Action::Create, S, 0x1000, 40); // data copyout(...) region
    t.take();
    t.exit(Action::Copyout, S, 0x1000, 40);
    assert_eq!(t.take(), vec![], "dynamic counter still holds the data");
    assert_eq!(t.counters(0x1000), Some((0, 1)));
    t.exit(Action::Copyout, D, 0x1000, 40);
    assert_eq!(
        t.take(),
        vec![
            Transfer::CopyOut {
                host: 0x1000,
                device,
                bytes: 40
            },
            Transfer::Free { device, bytes: 40 },
        ]
    );
    assert!(t.table.is_empty());
}

#[test]
fn exit_on_a_zero_counter_or_absent_data_is_no_action() {
    let mut t = Discrete::new();
    assert_eq!(t.exit(Action::Copyout, D, 0x1000, 8), 0);
    t.enter(Action::Create, S, 0x1000, 8);
    // exit data delete: the dynamic counter is zero, so nothing happens.
    t.exit(Action::Delete, D, 0x1000, 8);
    t.exit(Action::Delete, D | Flags::FINALIZE, 0x1000, 8);
    assert_eq!(t.counters(0x1000), Some((1, 0)));
    t.exit(Action::Delete, S, 0x1000, 8);
    assert!(t.table.is_empty());
}

#[test]
fn finalize_zeroes_the_dynamic_counter() {
    let mut t = Discrete::new();
    for _ in 0..3 {
        t.enter(Action::Copyin, D, 0x1000, 8);
    }
    t.exit(Action::Delete, D, 0x1000, 8);
    assert_eq!(t.counters(0x1000), Some((0, 2)));
    t.take();
    t.exit(Action::Copyout, D | Flags::FINALIZE, 0x1000, 8);
    assert!(t.table.is_empty());
    assert!(matches!(
        t.take()[..],
        [Transfer::CopyOut { .. }, Transfer::Free { .. }]
    ));
}

#[test]
fn finalize_with_a_structured_reference_keeps_the_data() {
    let mut t = Discrete::new();
    t.enter(Action::Copyin, S, 0x1000, 8);
    t.enter(Action::Copyin, D, 0x1000, 8);
    t.enter(Action::Copyin, D, 0x1000, 8);
    t.take();
    t.exit(Action::Copyout, D | Flags::FINALIZE, 0x1000, 8);
    assert_eq!(t.counters(0x1000), Some((1, 0)));
    assert_eq!(t.take(), vec![]);
}

#[test]
fn partly_present_sections_are_errors() {
    let mut t = Discrete::new();
    t.enter(Action::Copyin, D, 0x1000, 0x100);
    t.enter(Action::Copyin, D, 0x1100, 0x100);
    // Runs past the end of the entry (into the next one, or into nothing).
    for (host, bytes) in [
        (0x10f0, 0x20),
        (0x11f0, 0x20),
        (0x0ff0, 0x20),
        (0x0f00, 0x400),
    ] {
        for action in [
            Action::Copyin,
            Action::Create,
            Action::Present,
            Action::NoCreate,
        ] {
            let err = t.try_enter(action, S, host, bytes).unwrap_err();
            assert!(
                matches!(err.kind, TableErrorKind::PartlyPresent { .. }),
                "{action:?} {host:#x}+{bytes:#x}: {err:?}"
            );
            assert!(err.to_string().contains("partly present"), "{err}");
        }
        let exit = DataOp::new(Action::Copyout, D, host, bytes);
        assert!(t.table.exit(&exit, &mut Vec::new()).is_err());
        let update = DataOp::new(Action::UpdateHost, Flags::IF_PRESENT, host, bytes);
        assert!(t.table.update(&update, &mut Vec::new()).is_err());
    }
    assert_eq!(t.counters(0x1000), Some((0, 1)), "errors change no counter");
}

#[test]
fn zero_length_sections_never_allocate_and_translate_inside_or_at_the_end() {
    let mut t = Discrete::new();
    assert_eq!(t.enter(Action::Copyin, S, 0x1000, 0), 0, "absent: null");
    assert!(t.table.is_empty());
    assert_eq!(
        t.enter(Action::Present, S, 0x1000, 0),
        0,
        "absent and empty: no action, null"
    );
    let device = t.enter(Action::Copyin, D, 0x1000, 0x40);
    assert_eq!(t.enter(Action::Present, S, 0x1000, 0), device);
    assert_eq!(t.enter(Action::Present, S, 0x1020, 0), device + 0x20);
    assert_eq!(
        t.enter(Action::Present, S, 0x1040, 0),
        device + 0x40,
        "at the end"
    );
    assert_eq!(
        t.enter(Action::Present, S, 0x1041, 0),
        0,
        "past the end: absent"
    );
    assert_eq!(t.counters(0x1000), Some((0, 1)), "no counter changed");
    assert_eq!(t.exit(Action::Copyout, S, 0x1040, 0), device + 0x40);
    assert_eq!(t.counters(0x1000), Some((0, 1)));
    assert!(t.table.is_present(0x1040, 0));
    assert!(!t.table.is_present(0x1041, 0));

    let (mut table, mut out) = shared();
    let op = DataOp::new(Action::Copyin, S, 0x1000, 0);
    assert_eq!(table.enter(&op, &mut no_alloc, &mut out), Ok(0x1000));
    assert!(table.is_empty());
}

#[test]
fn null_host_addresses_are_no_action() {
    let mut t = Discrete::new();
    assert_eq!(t.enter(Action::Present, S, 0, 8), 0);
    assert_eq!(t.exit(Action::Copyout, S, 0, 8), 0);
    assert!(t.table.is_empty());
}

#[test]
fn attach_counts_per_pointer_and_writes_the_device_pointer_once() {
    let mut t = Discrete::new();
    let structure = t.enter(Action::Copyin, D, 0x1000, 0x20); // holds a pointer at 0x1008
    let target = t.enter(Action::Copyin, D, 0x5000, 0x100);
    t.take();
    let mut attach = DataOp::new(Action::Attach, S, 0x1008, 8);
    attach.pointer_target = 0x5010;
    let mut alloc = |_: usize| None;
    assert_eq!(
        t.table.enter(&attach, &mut alloc, &mut t.out),
        Ok(structure + 8)
    );
    assert_eq!(
        t.table.enter(&attach, &mut alloc, &mut t.out),
        Ok(structure + 8)
    );
    assert_eq!(
        t.take(),
        vec![Transfer::WritePointer {
            location: structure + 8,
            value: target + 0x10
        }]
    );
    assert_eq!(
        t.table.entry_containing(0x1000).unwrap().attachments[&0x1008],
        2
    );
    let mut detach = attach.clone();
    detach.action = Action::Detach;
    t.table.exit(&detach, &mut t.out).unwrap();
    assert_eq!(t.take(), vec![]);
    t.table.exit(&detach, &mut t.out).unwrap();
    assert_eq!(
        t.take(),
        vec![Transfer::WritePointer {
            location: structure + 8,
            value: 0x5010
        }]
    );
    assert!(t
        .table
        .entry_containing(0x1000)
        .unwrap()
        .attachments
        .is_empty());
    // A further detach is no action.
    t.table.exit(&detach, &mut t.out).unwrap();
    assert_eq!(t.take(), vec![]);

    // Finalize zeroes the counter at once.
    for _ in 0..3 {
        t.table.enter(&attach, &mut alloc, &mut t.out).unwrap();
    }
    detach.flags = Flags::FINALIZE;
    t.table.exit(&detach, &mut t.out).unwrap();
    assert!(t
        .table
        .entry_containing(0x1000)
        .unwrap()
        .attachments
        .is_empty());
}

#[test]
fn attach_is_no_action_when_the_pointer_or_its_target_is_absent() {
    let (mut table, mut out) = shared();
    let mut attach = DataOp::new(Action::Attach, S, 0x1008, 8);
    attach.pointer_target = 0x5000;
    assert_eq!(table.enter(&attach, &mut no_alloc, &mut out), Ok(0));
    table
        .enter(
            &DataOp::new(Action::Create, D, 0x1000, 16),
            &mut no_alloc,
            &mut out,
        )
        .unwrap();
    assert_eq!(
        table.enter(&attach, &mut no_alloc, &mut out),
        Ok(0),
        "target absent"
    );
    table
        .enter(
            &DataOp::new(Action::Create, D, 0x5000, 16),
            &mut no_alloc,
            &mut out,
        )
        .unwrap();
    assert_eq!(table.enter(&attach, &mut no_alloc, &mut out), Ok(0x1008));
    assert_eq!(
        table.entry_containing(0x1008).unwrap().attachments[&0x1008],
        1
    );
    assert_eq!(out, vec![], "shared memory writes no pointer");
}

#[test]
fn deleting_an_entry_drops_its_attachments() {
    let (mut table, mut out) = shared();
    table
        .enter(
            &DataOp::new(Action::Create, D, 0x1000, 16),
            &mut no_alloc,
            &mut out,
        )
        .unwrap();
    let mut attach = DataOp::new(Action::Attach, S, 0x1000, 8);
    attach.pointer_target = 0x1008;
    table.enter(&attach, &mut no_alloc, &mut out).unwrap();
    table
        .exit(&DataOp::new(Action::Delete, D, 0x1000, 16), &mut out)
        .unwrap();
    assert!(table.is_empty());
    table
        .enter(
            &DataOp::new(Action::Create, D, 0x1000, 16),
            &mut no_alloc,
            &mut out,
        )
        .unwrap();
    assert!(table
        .entry_containing(0x1000)
        .unwrap()
        .attachments
        .is_empty());
}

#[test]
fn update_copies_the_section_or_reports_absent_data() {
    let mut t = Discrete::new();
    let device = t.enter(Action::Copyin, D, 0x1000, 0x100);
    t.take();
    let up = |action, flags, host, bytes| DataOp::new(action, flags, host, bytes);
    t.table
        .update(&up(Action::UpdateHost, D, 0x1010, 8), &mut t.out)
        .unwrap();
    t.table
        .update(&up(Action::UpdateDevice, D, 0x1020, 8), &mut t.out)
        .unwrap();
    assert_eq!(
        t.take(),
        vec![
            Transfer::CopyOut {
                host: 0x1010,
                device: device + 0x10,
                bytes: 8
            },
            Transfer::CopyIn {
                device: device + 0x20,
                host: 0x1020,
                bytes: 8
            },
        ]
    );
    let err = t
        .table
        .update(&up(Action::UpdateHost, D, 0x3000, 8), &mut t.out)
        .unwrap_err();
    assert_eq!(err.kind, TableErrorKind::NotPresent);
    t.table
        .update(
            &up(Action::UpdateHost, Flags::IF_PRESENT, 0x3000, 8),
            &mut t.out,
        )
        .unwrap();
    assert_eq!(t.take(), vec![]);
}

#[test]
fn actions_in_the_wrong_phase_are_reported() {
    let mut t = Discrete::new();
    assert_eq!(
        t.try_enter(Action::Copyout, S, 0x1000, 8).unwrap_err().kind,
        TableErrorKind::WrongPhase
    );
    let op = DataOp::new(Action::Copyin, S, 0x1000, 8);
    assert_eq!(
        t.table.exit(&op, &mut t.out).unwrap_err().kind,
        TableErrorKind::WrongPhase
    );
    assert_eq!(
        t.table.update(&op, &mut t.out).unwrap_err().kind,
        TableErrorKind::WrongPhase
    );
}

#[test]
fn out_of_memory_is_reported_with_the_name() {
    let mut table = PresentTable::new(false);
    let mut op = DataOp::new(Action::Copyin, S, 0x1000, 1 << 40);
    op.name = Some("a".into());
    let err = table
        .enter(&op, &mut |_| None, &mut Vec::new())
        .unwrap_err();
    assert_eq!(err.kind, TableErrorKind::OutOfMemory);
    assert_eq!(
        err.to_string(),
        "out of memory allocating 1099511627776 bytes for 'a'"
    );
}

#[test]
fn sections_past_the_end_of_the_address_space_are_invalid() {
    // `p[0:n]` with n = -1: the length in bytes wraps to 2^64 - 8.
    let (mut table, mut out) = shared();
    let mut op = DataOp::new(Action::Create, Flags::default(), 0x1000, usize::MAX - 7);
    op.name = Some("p[0:n]".into());
    let err = table.enter(&op, &mut no_alloc, &mut out).unwrap_err();
    assert_eq!(err.kind, TableErrorKind::InvalidSection);
    assert_eq!(
        err.to_string(),
        "variable 'p[0:n]' (18446744073709551608 bytes at 0x1000) is not a valid data section: \
         it runs past the end of the address space (is its length negative?)"
    );
    assert!(table.is_empty());
    for action in [Action::Copyout, Action::Delete] {
        op.action = action;
        let err = table.exit(&op, &mut out).unwrap_err();
        assert_eq!(err.kind, TableErrorKind::InvalidSection);
    }
    op.action = Action::UpdateDevice;
    let err = table.update(&op, &mut out).unwrap_err();
    assert_eq!(err.kind, TableErrorKind::InvalidSection);
    // Just below the limit, with an address that does not wrap, is a valid (huge) section.
    let op = DataOp::new(Action::Create, Flags::default(), 0x1000, 1 << 50);
    assert!(table.enter(&op, &mut no_alloc, &mut out).is_ok());
    assert!(out.is_empty());
}

#[test]
fn acc_map_data_points_a_link_pointer_at_the_mapped_memory() {
    let mut d = Discrete::new();
    let pointer = 0x7200_0000;
    let write = |value| Transfer::WritePointer {
        location: pointer,
        value,
    };
    d.table.bind_link(0x4000, 0x1000, pointer, &mut d.out);
    assert!(d.take().is_empty());
    // The whole variable mapped: the pointer is the mapped memory; unmapped: null again.
    d.table
        .map(0x4000, 0x9000_0000, 0x1000, &mut d.out)
        .unwrap();
    assert_eq!(d.take(), vec![write(0x9000_0000)]);
    assert!(!d.table.link_unmapped(0x4000));
    d.table.unmap(0x4000, &mut d.out).unwrap();
    assert_eq!(d.take(), vec![write(0)]);
    assert!(d.table.link_unmapped(0x4000));
    // A section mapped: where the variable's start would be; a data construct's reference
    // keeps it, and unmapping leaves no device memory freed (acc_map_data's is the user's).
    d.table.map(0x4100, 0x9100_0000, 0x100, &mut d.out).unwrap();
    assert_eq!(d.take(), vec![write(0x9100_0000 - 0x100)]);
    d.enter(Action::Present, S, 0x4100, 0x100);
    d.exit(Action::Delete, S, 0x4100, 0x100);
    assert!(d.take().is_empty());
    d.table.unmap(0x4100, &mut d.out).unwrap();
    assert_eq!(d.take(), vec![write(0)]);
    // Memory next to the variable is not its: no write.
    d.table.map(0x5000, 0x9200_0000, 0x100, &mut d.out).unwrap();
    d.table.unmap(0x5000, &mut d.out).unwrap();
    assert!(d.take().is_empty());
}

#[test]
fn map_and_unmap() {
    let mut t = Discrete::new();
    t.table.map(0x1000, 0x7000, 0x100, &mut t.out).unwrap();
    assert_eq!(t.table.device_address(0x1010), Some(0x7010));
    assert_eq!(t.table.host_address(0x7010), Some(0x1010));
    assert!(matches!(
        t.table
            .map(0x1080, 0x8000, 0x100, &mut t.out)
            .unwrap_err()
            .kind,
        TableErrorKind::AlreadyPresent { .. }
    ));
    t.enter(Action::Copyin, S, 0x1000, 0x100);
    assert_eq!(
        t.table.unmap(0x1000, &mut t.out).unwrap_err().kind,
        TableErrorKind::StructuredInUse
    );
    t.exit(Action::Copyout, S, 0x1000, 0x100);
    t.table.unmap(0x1000, &mut t.out).unwrap();
    assert!(t.table.is_empty());
    // Mapped memory is never freed by the runtime, even when the counters reach zero.
    t.table.map(0x1000, 0x7000, 0x100, &mut t.out).unwrap();
    t.take();
    t.exit(Action::Delete, Flags::FINALIZE, 0x1000, 0x100);
    assert!(t.table.is_empty());
    assert_eq!(t.take(), vec![]);
    // Only mapped data can be unmapped.
    t.enter(Action::Create, D, 0x2000, 8);
    assert_eq!(
        t.table.unmap(0x2000, &mut t.out).unwrap_err().kind,
        TableErrorKind::NotMapped
    );
}

#[test]
fn queries() {
    let (mut table, mut out) = shared();
    table
        .enter(
            &DataOp::new(Action::Create, D, 0x1000, 0x100),
            &mut no_alloc,
            &mut out,
        )
        .unwrap();
    assert!(table.is_present(0x1000, 0x100));
    assert!(table.is_present(0x1080, 0x10));
    assert!(
        !table.is_present(0x1080, 0x100),
        "partly present is not present"
    );
    assert!(!table.is_present(0x2000, 1));
    assert_eq!(table.device_address(0x10ff), Some(0x10ff));
    assert_eq!(table.device_address(0x1100), None);
    assert_eq!(table.host_address(0x1004), Some(0x1004));
    assert_eq!(table.host_address(0x3000), None);
}

#[test]
fn clear_frees_what_the_runtime_allocated() {
    let mut t = Discrete::new();
    let a = t.enter(Action::Create, S, 0x1000, 8);
    t.table.map(0x2000, 0x7000, 8, &mut t.out).unwrap();
    t.take();
    t.table.clear(&mut t.out);
    assert!(t.table.is_empty());
    assert_eq!(
        t.take(),
        vec![Transfer::Free {
            device: a,
            bytes: 8
        }]
    );
}

#[test]
fn device_address_within_reaches_a_present_section_from_the_object_start() {
    let mut t = Discrete::new();
    // An object of 0x400 bytes at 0x1000 of which [0x1100, 0x1200) is present.
    let device = t.enter(Action::Copyin, S, 0x1100, 0x100);
    assert_eq!(device, 0x9000_0000);
    // The start itself is not present: acc_deviceptr says so, the within form translates it
    // at the section's offset (the kernel reaches only the section).
    assert_eq!(t.table.device_address(0x1000), None);
    assert_eq!(
        t.table.device_address_within(0x1000, 0x400),
        Some(0x9000_0000 - 0x100)
    );
    // A start inside present data is translated directly.
    assert_eq!(
        t.table.device_address_within(0x1180, 0x10),
        Some(0x9000_0080)
    );
    // Nothing of the object present: none; an entry just past the object does not count.
    assert_eq!(t.table.device_address_within(0x1000, 0x100), None);
    assert_eq!(t.table.device_address_within(0x2000, 0x400), None);
}

#[test]
fn a_bound_global_is_the_device_copy_of_every_entry_for_it() {
    let mut d = Discrete::new();
    assert_eq!(d.table.bind_global(0x1000, 64, 0x7000_0000), None);
    // declare copyin: the entry is the module's global, with the initial copy to it.
    assert_eq!(d.enter(Action::Copyin, D, 0x1000, 64), 0x7000_0000);
    assert_eq!(
        d.take(),
        vec![Transfer::CopyIn {
            device: 0x7000_0000,
            host: 0x1000,
            bytes: 64
        }]
    );
    assert_eq!(d.next, 0x9000_0000, "nothing was allocated");
    // A data clause on a part of it while it is present: no new entry.
    assert_eq!(d.enter(Action::Copyin, S, 0x1010, 8), 0x7000_0010);
    assert_eq!(d.exit(Action::Copyout, S, 0x1010, 8), 0x7000_0010);
    assert!(d.take().is_empty());
    // Its last exit frees nothing; a later entry of a part reuses the global.
    d.exit(Action::Delete, Flags::FINALIZE, 0x1000, 64);
    assert!(d.take().is_empty());
    assert_eq!(d.enter(Action::Create, S, 0x1008, 16), 0x7000_0008);
    assert_eq!(d.next, 0x9000_0000);
}

#[test]
fn binding_a_global_moves_an_entry_made_before() {
    let mut d = Discrete::new();
    let old = d.enter(Action::Create, D, 0x2000, 32);
    assert_eq!(d.table.bind_global(0x2000, 32, 0x7100_0000), Some(old));
    assert_eq!(d.table.device_address(0x2008), Some(0x7100_0008));
    // Bound once: binding again moves nothing; the entry is not freed at its exit.
    assert_eq!(d.table.bind_global(0x2000, 32, 0x7100_0000), None);
    d.exit(Action::Delete, D, 0x2000, 32);
    assert!(d.take().is_empty());
    // Shared memory has no device copies to bind.
    let mut shared = PresentTable::new(true);
    assert_eq!(shared.bind_global(0x2000, 32, 0x7100_0000), None);
}

#[test]
fn split_sections_lists_separate_copies_of_one_object() {
    let mut t = Discrete::new();
    // Two disjoint sections of an object of 0x1000 bytes at 0x1000, mapped separately: their
    // device copies are not at their host distance from each other.
    t.enter(Action::Copyin, S, 0x1000, 0x100);
    t.enter(Action::Copyin, S, 0x1e00, 0x200);
    assert_eq!(
        t.table.split_sections(0x1000, 0x1000),
        vec![(0x1000, 0x100), (0x1e00, 0x200)]
    );
    // From a start that is not present, too.
    assert_eq!(t.table.split_sections(0x0f00, 0x1100).len(), 2);
    // One section of the object present: one base address works.
    assert!(t.table.split_sections(0x1000, 0x200).is_empty());
    assert!(t.table.split_sections(0x1d00, 0x400).is_empty());
    // Nothing present, or an empty range.
    assert!(t.table.split_sections(0x4000, 0x100).is_empty());
    assert!(t.table.split_sections(0x1000, 0).is_empty());
}

#[test]
fn split_sections_is_empty_when_memory_is_shared() {
    let mut table = PresentTable::new(true);
    let mut out = Vec::new();
    for host in [0x1000, 0x1e00] {
        let op = DataOp::new(Action::Copyin, S, host, 0x100);
        table.enter(&op, &mut no_alloc, &mut out).unwrap();
    }
    assert!(table.split_sections(0x1000, 0x1000).is_empty());
}

#[test]
fn a_link_pointer_follows_the_mapping_of_its_variable() {
    let mut d = Discrete::new();
    let pointer = 0x7200_0000;
    let write = |value| Transfer::WritePointer {
        location: pointer,
        value,
    };
    // Bound while unmapped: nothing written, the launch check sees it unmapped.
    d.table.bind_link(0x4000, 0x1000, pointer, &mut d.out);
    assert!(d.take().is_empty());
    assert!(d.table.link_unmapped(0x4000));
    // A data clause on the whole variable: its copy, then the pointer to it.
    let device = d.enter(Action::Copyin, S, 0x4000, 0x1000);
    assert_eq!(
        d.take(),
        vec![
            Transfer::CopyIn {
                device,
                host: 0x4000,
                bytes: 0x1000
            },
            write(device)
        ]
    );
    assert!(!d.table.link_unmapped(0x4000));
    // A nested clause changes no counter-free entry: no write; the last exit writes null.
    d.enter(Action::Present, S, 0x4000, 0x1000);
    d.exit(Action::Delete, S, 0x4000, 0x1000);
    assert!(d.take().is_empty());
    d.exit(Action::Copyout, S, 0x4000, 0x1000);
    let out = d.take();
    assert_eq!(out.last(), Some(&write(0)), "{out:?}");
    assert!(d.table.link_unmapped(0x4000));
    // A section in the middle: the pointer is where the variable's start would be.
    let section = d.enter(Action::Create, D, 0x4800, 0x100);
    assert_eq!(d.take(), vec![write(section - 0x800)]);
    // A second section leaves it; removing the first moves it to the second.
    let second = d.enter(Action::Create, D, 0x4100, 0x100);
    assert!(d.take().is_empty());
    d.exit(Action::Delete, D, 0x4800, 0x100);
    assert_eq!(
        d.take(),
        vec![
            Transfer::Free {
                device: section,
                bytes: 0x100
            },
            write(second - 0x100)
        ]
    );
    // Data next to the variable does not touch the pointer; shutdown writes null.
    d.enter(Action::Create, D, 0x5000, 0x100);
    assert!(d.take().is_empty());
    d.table.clear(&mut d.out);
    assert_eq!(d.take().last(), Some(&write(0)));
    // Bound while mapped: written at once. Shared memory has no link pointers.
    let mapped = d.enter(Action::Create, D, 0x8000, 0x40);
    d.table.bind_link(0x8000, 0x40, 0x7300_0000, &mut d.out);
    assert_eq!(
        d.take(),
        vec![Transfer::WritePointer {
            location: 0x7300_0000,
            value: mapped
        }]
    );
    let mut shared = PresentTable::new(true);
    shared.bind_link(0x4000, 0x1000, pointer, &mut d.out);
    assert!(d.out.is_empty());
    assert!(!shared.link_unmapped(0x4000));
}

#[test]
fn attach_with_an_offset_points_before_the_mapped_part_of_the_target() {
    // A row section p[i][2:4] of doubles maps [p[i] + 16, + 32): the device pointer written for
    // p[i] is that copy's address minus 16, so p[i][2] on the device lands at its start.
    let mut t = Discrete::new();
    let pointers = t.enter(Action::Copyin, S, 0x1000, 0x20);
    let row = t.enter(Action::Copyin, S, 0x5010, 0x20);
    t.take();
    let mut attach = DataOp::new(Action::Attach, S, 0x1008, 8);
    attach.pointer_target = 0x5000;
    attach.pointer_offset = 0x10;
    let mut alloc = |_: usize| None;
    assert_eq!(
        t.table.enter(&attach, &mut alloc, &mut t.out),
        Ok(pointers + 8)
    );
    assert_eq!(
        t.take(),
        vec![Transfer::WritePointer {
            location: pointers + 8,
            value: row - 0x10
        }]
    );
    // Without the offset the target (0x5000) is not present: no action.
    let mut plain = attach.clone();
    plain.host = 0x1010;
    plain.pointer_offset = 0;
    assert_eq!(t.table.enter(&plain, &mut alloc, &mut t.out), Ok(0));
    // Detach restores the host pointer.
    let mut detach = attach.clone();
    detach.action = Action::Detach;
    t.table.exit(&detach, &mut t.out).unwrap();
    assert_eq!(
        t.take(),
        vec![Transfer::WritePointer {
            location: pointers + 8,
            value: 0x5000
        }]
    );
}
