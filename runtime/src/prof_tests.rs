//! Tests of the profiling interface: event numbering and structure layouts against
//! `acc_prof.h` (x86-64), `ACC_PROFLIB` parsing, the registry's semantics on private
//! [`Registry`] instances, what callbacks receive, and the events a private [`Runtime`] emits for
//! a compute construct's data region (through the process-wide registry, recorded per thread).

use super::*;
use crate::device::DeviceKind;
use crate::error::SourceLoc;
use crate::queue::ASYNC_SYNC;
use crate::runtime::{Phase, Runtime, Source, Waits};
use crate::table::{Action, DataOp, Flags};
use crate::trace::{Construct, Pair};
use std::cell::RefCell;
use std::mem::{offset_of, size_of};

/// One callback invocation as a test sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    callback: char,
    kind: i32,
    line: i32,
    construct: i32,
    implicit: i32,
    var: Option<String>,
    bytes: usize,
    tool_info: usize,
}

thread_local! {
    static SEEN: RefCell<Vec<Seen>> = const { RefCell::new(Vec::new()) };
}

fn take_seen() -> Vec<Seen> {
    SEEN.with(|seen| std::mem::take(&mut *seen.borrow_mut()))
}

/// Records the call; a start event gets tool_info = 100 + its event number.
///
/// # Safety
/// The pointers are valid, as the runtime passes them.
unsafe fn record(callback: char, info: *mut ProfInfo, event: *mut EventInfo) {
    // SAFETY: valid pointers by the caller's contract.
    let (info, event) = unsafe { (&*info, &mut *event) };
    // SAFETY: every variant starts with the "other" fields.
    let other = unsafe { event.other_event };
    let (var, bytes) = if matches!(info.event_type, 6..=9 | 20..=23) {
        // SAFETY: data events carry `acc_data_event_info`.
        let data = unsafe { event.data_event };
        let var = (!data.var_name.is_null()).then(|| {
            // SAFETY: a non-null var_name is a NUL-terminated interned string.
            unsafe { CStr::from_ptr(data.var_name) }
                .to_string_lossy()
                .into_owned()
        });
        (var, data.bytes)
    } else {
        (None, 0)
    };
    SEEN.with(|seen| {
        seen.borrow_mut().push(Seen {
            callback,
            kind: info.event_type,
            line: info.line_no,
            construct: other.parent_construct,
            implicit: other.implicit,
            var,
            bytes,
            tool_info: other.tool_info as usize,
        })
    });
    let kind = EventKind::from_raw(info.event_type).expect("a valid event");
    if !kind.is_end() {
        event.other_event.tool_info = (100 + info.event_type as usize) as *mut c_void;
    }
}

unsafe extern "C" fn callback_a(info: *mut ProfInfo, event: *mut EventInfo, _: *mut ApiInfo) {
    // SAFETY: forwarded from the runtime.
    unsafe { record('A', info, event) }
}

unsafe extern "C" fn callback_b(info: *mut ProfInfo, event: *mut EventInfo, _: *mut ApiInfo) {
    // SAFETY: forwarded from the runtime.
    unsafe { record('B', info, event) }
}

fn loc(line: i32) -> SourceLoc {
    SourceLoc {
        file: Some("t.c".into()),
        func: Some("main".into()),
        line,
        ..SourceLoc::default()
    }
}

fn order(seen: &[Seen]) -> String {
    seen.iter().map(|seen| seen.callback).collect()
}

#[test]
fn event_numbers_follow_the_specification() {
    assert_eq!(EventKind::from_raw(0), None, "acc_ev_none is no event");
    assert_eq!(EventKind::from_raw(1), Some(EventKind::DeviceInitStart));
    assert_eq!(EventKind::from_raw(6), Some(EventKind::Create));
    assert_eq!(EventKind::from_raw(18), Some(EventKind::EnqueueLaunchStart));
    assert_eq!(EventKind::from_raw(25), Some(EventKind::WaitEnd));
    assert_eq!(EventKind::from_raw(26), Some(EventKind::Error));
    assert_eq!(EVENT_LAST, 27);
    assert_eq!(crate::error::ErrorCode::NotPresent as i32, 10);
    assert_eq!(crate::error::ErrorCode::ImplementationDefined as i32, 17);
    assert_eq!(
        EventKind::from_raw(EVENT_LAST),
        None,
        "acc_ev_last is no event"
    );
    assert_eq!(EventKind::from_raw(-1), None);
    for (index, kind) in EventKind::ALL.iter().enumerate() {
        assert_eq!(*kind as i32, index as i32 + 1);
    }
    assert_eq!(Construct::RuntimeApi as i32, 15);
    assert_eq!(Construct::Serial as i32, 16);
}

#[test]
fn structures_have_the_layout_of_acc_prof_h() {
    assert_eq!(size_of::<ProfInfo>(), 72);
    assert_eq!(offset_of!(ProfInfo, async_), 24);
    assert_eq!(offset_of!(ProfInfo, src_file), 40);
    assert_eq!(offset_of!(ProfInfo, line_no), 56);
    assert_eq!(offset_of!(ProfInfo, func_end_line_no), 68);
    assert_eq!(size_of::<DataEventInfo>(), 56);
    assert_eq!(offset_of!(DataEventInfo, tool_info), 16);
    assert_eq!(offset_of!(DataEventInfo, bytes), 32);
    assert_eq!(size_of::<LaunchEventInfo>(), 56);
    assert_eq!(offset_of!(LaunchEventInfo, kernel_name), 24);
    assert_eq!(size_of::<OtherEventInfo>(), 24);
    assert_eq!(size_of::<ErrorEventInfo>(), 48);
    assert_eq!(offset_of!(ErrorEventInfo, error_code), 24);
    assert_eq!(offset_of!(ErrorEventInfo, error_message), 32);
    assert_eq!(offset_of!(ErrorEventInfo, runtime_info), 40);
    assert_eq!(size_of::<EventInfo>(), 56);
    assert_eq!(size_of::<ApiInfo>(), 40);
}

#[test]
fn proflib_is_a_colon_separated_list() {
    assert_eq!(parse_proflib("/a/t.so"), vec!["/a/t.so"]);
    assert_eq!(parse_proflib("a.so::b.so: "), vec!["a.so", "b.so"]);
    assert!(parse_proflib("").is_empty());
}

#[test]
fn the_registry_counts_toggles_and_reverses_end_events() {
    let registry = Registry::new();
    let start = Event::new(
        EventKind::WaitStart,
        Place::Api("acc_wait"),
        DeviceKind::Host,
    );
    let end = start.as_kind(EventKind::WaitEnd);
    assert!(!registry.active(EventKind::WaitStart));
    for kind in [EventKind::WaitStart, EventKind::WaitEnd] {
        registry
            .change(true, kind as i32, Some(callback_a), ACC_REG)
            .unwrap();
        registry
            .change(true, kind as i32, Some(callback_b), ACC_REG)
            .unwrap();
    }
    assert!(registry.active(EventKind::WaitStart));
    assert!(!registry.active(EventKind::Create));
    registry.dispatch(&start);
    registry.dispatch(&end);
    assert_eq!(
        order(&take_seen()),
        "ABBA",
        "end events run in reverse order"
    );

    // A second registration is counted, not a second call.
    let wait = EventKind::WaitStart as i32;
    registry
        .change(true, wait, Some(callback_a), ACC_REG)
        .unwrap();
    registry.dispatch(&start);
    assert_eq!(order(&take_seen()), "AB");
    registry
        .change(false, wait, Some(callback_a), ACC_REG)
        .unwrap();
    registry.dispatch(&start);
    assert_eq!(order(&take_seen()), "AB");

    // acc_toggle: one callback, then every callback of the event, then everything.
    registry
        .change(false, wait, Some(callback_b), ACC_TOGGLE)
        .unwrap();
    registry.dispatch(&start);
    assert_eq!(order(&take_seen()), "A");
    registry.change(false, wait, None, ACC_TOGGLE).unwrap();
    assert!(!registry.active(EventKind::WaitStart));
    registry.change(true, wait, None, ACC_TOGGLE).unwrap();
    registry.dispatch(&start);
    assert_eq!(order(&take_seen()), "AB", "enabling keeps the list order");
    registry.change(false, 0, None, ACC_TOGGLE).unwrap();
    assert!(!registry.active(EventKind::WaitEnd));
    registry.dispatch(&end);
    assert!(take_seen().is_empty());
    registry.change(true, 0, None, ACC_TOGGLE).unwrap();

    // acc_toggle_per_thread: this thread only.
    registry
        .change(false, 0, None, ACC_TOGGLE_PER_THREAD)
        .unwrap();
    registry.dispatch(&start);
    assert!(take_seen().is_empty());
    std::thread::scope(|scope| {
        scope.spawn(|| {
            registry.dispatch(&start);
            assert_eq!(order(&take_seen()), "AB", "other threads still call back");
        });
    });
    registry
        .change(true, 0, None, ACC_TOGGLE_PER_THREAD)
        .unwrap();

    // Unregistering removes; re-registering appends at the tail.
    registry
        .change(false, wait, Some(callback_a), ACC_REG)
        .unwrap();
    registry
        .change(true, wait, Some(callback_a), ACC_REG)
        .unwrap();
    registry.dispatch(&start);
    assert_eq!(order(&take_seen()), "BA");
}

#[test]
fn bad_registrations_are_refused() {
    let registry = Registry::new();
    let some = Some(callback_a as Callback);
    assert!(registry.change(true, 0, some, ACC_REG).is_err());
    assert!(registry.change(true, EVENT_LAST, some, ACC_REG).is_err());
    assert!(registry.change(true, 6, None, ACC_REG).is_err());
    assert!(registry.change(true, 6, some, 7).is_err());
    assert!(registry.change(true, 99, None, ACC_TOGGLE).is_err());
    assert!(registry
        .change(true, 6, None, ACC_TOGGLE_PER_THREAD)
        .is_err());
    assert!(
        registry.change(false, 6, some, ACC_REG).is_ok(),
        "unregistering an unknown callback does nothing"
    );
    assert!(!registry.active(EventKind::Create));
}

#[test]
fn callbacks_receive_the_event_and_pass_tool_info_to_the_end_event() {
    let registry = Registry::new();
    for kind in [EventKind::EnqueueUploadStart, EventKind::EnqueueUploadEnd] {
        registry
            .change(true, kind as i32, Some(callback_a), ACC_REG)
            .unwrap();
    }
    let at = loc(7);
    let start = Event::new(
        EventKind::EnqueueUploadStart,
        Place::Directive(Some(&at)),
        DeviceKind::Multicore,
    )
    .construct(Construct::EnterData)
    .implicit(true)
    .on_queue(3, Some(3))
    .detail(Detail::Data {
        name: Some("a[0:10]"),
        bytes: 80,
        host: 16,
        device: 16,
    });
    let tool_info = registry.dispatch(&start);
    assert_eq!(tool_info, 100 + EventKind::EnqueueUploadStart as usize);
    let end = start.end(
        EventKind::EnqueueUploadEnd,
        Pair {
            started: None,
            tool_info,
        },
    );
    assert_eq!(registry.dispatch(&end), tool_info);
    let seen = take_seen();
    let expected = Seen {
        callback: 'A',
        kind: 20,
        line: 7,
        construct: Construct::EnterData as i32,
        implicit: 1,
        var: Some("a[0:10]".into()),
        bytes: 80,
        tool_info: 0,
    };
    assert_eq!(seen[0], expected);
    assert_eq!(
        seen[1],
        Seen {
            kind: 21,
            tool_info,
            ..expected
        }
    );
    let (info, _, api) = describe(&start);
    assert_eq!(info.version, 202211);
    assert_eq!(info.device_type, 6);
    assert_eq!((info.async_, info.async_queue), (3, 3));
    // SAFETY: interned strings are NUL-terminated and never freed.
    let file = unsafe { CStr::from_ptr(info.src_file) };
    assert_eq!(file.to_str(), Ok("t.c"));
    assert_eq!(info.src_file, intern("t.c"), "strings are interned");
    assert_eq!(api.device_type, 6);
    let (api_info, _, _) = describe(&Event::new(
        EventKind::Alloc,
        Place::Api("acc_malloc"),
        DeviceKind::Host,
    ));
    assert!(api_info.src_file.is_null() && api_info.func_name.is_null());
    assert_eq!(api_info.async_queue, ASYNC_SYNC as isize);
}

#[test]
fn a_compute_construct_reports_its_data_region_and_itself() {
    let kinds: Vec<i32> = (1..EVENT_LAST).collect();
    for &kind in &kinds {
        acc_prof_register(kind, Some(callback_a), ACC_REG);
    }
    let runtime = Runtime::new(&crate::env::parse(
        Some("multicore"),
        None,
        Some("2"),
        2,
        &crate::env::Probe::NONE,
    ));
    let a = [1.0f64; 10];
    let op = |action| {
        let mut op = DataOp::new(
            action,
            Flags::STRUCTURED | Flags::IMPLICIT,
            a.as_ptr() as usize,
            80,
        );
        op.name = Some("a".into());
        op
    };
    let source = Source::Directive {
        what: "test",
        loc: Some(SourceLoc {
            end_line: 5,
            func_line: 1,
            func_end_line: 9,
            construct: Some(Construct::Kernels),
            ..loc(3)
        }),
    };
    take_seen();
    let enter = [op(Action::Copyin)];
    runtime.data(Phase::Enter, &enter, ASYNC_SYNC, Waits::Nothing, &source);
    assert!(runtime.use_kernels());
    let exit = [op(Action::Copyout)];
    runtime.data(Phase::Exit, &exit, ASYNC_SYNC, Waits::Nothing, &source);
    for &kind in &kinds {
        acc_prof_unregister(kind, Some(callback_a), ACC_REG);
    }
    let seen = take_seen();
    let kinds: Vec<i32> = seen.iter().map(|seen| seen.kind).collect();
    assert_eq!(
        kinds,
        vec![1, 2, 16, 10, 6, 20, 21, 11, 12, 22, 23, 7, 13, 17],
        "init, compute start, enter data (create, upload), exit data (download, delete), \
         compute end: {seen:#?}"
    );
    assert!(seen.iter().all(|seen| seen.line == 3));
    let create = &seen[4];
    assert_eq!(
        (create.var.as_deref(), create.bytes, create.implicit),
        (Some("a"), 80, 1)
    );
    assert!(
        seen[2..]
            .iter()
            .all(|seen| seen.construct == Construct::Kernels as i32),
        "the compute construct and its data region report kernels: {seen:#?}"
    );
    let (info, _, _) = describe(&Event::new(
        EventKind::ComputeConstructStart,
        Place::Directive(source.loc()),
        DeviceKind::Multicore,
    ));
    assert_eq!(
        (
            info.line_no,
            info.end_line_no,
            info.func_line_no,
            info.func_end_line_no
        ),
        (3, 5, 1, 9)
    );
    assert_eq!(
        seen[13].tool_info,
        100 + 16,
        "the compute end gets its start's tool_info"
    );
}

#[test]
fn an_error_event_carries_its_code_and_message() {
    let place = loc(9);
    let event = Event::new(
        EventKind::Error,
        Place::Directive(Some(&place)),
        DeviceKind::Host,
    )
    .construct(Construct::Update)
    .detail(Detail::Error {
        code: crate::error::ErrorCode::NotPresent,
        message: "variable 'a' is not present",
    });
    let (info, event_info, _) = describe(&event);
    assert_eq!(
        (info.event_type, info.line_no, info.device_type),
        (26, 9, 2)
    );
    // SAFETY: error events are described with `acc_error_event_info`.
    let error = unsafe { event_info.error_event };
    assert_eq!(error.valid_bytes, 48);
    assert_eq!(error.parent_construct, Construct::Update as i32);
    assert_eq!((error.error_code, error.runtime_info), (10, 0));
    // SAFETY: interned strings are NUL-terminated and never freed.
    let message = unsafe { CStr::from_ptr(error.error_message) };
    assert_eq!(message.to_str(), Ok("variable 'a' is not present"));
}
