//! Tests of the runtime layer on private `Runtime` instances (not the process-wide one): data
//! directives end to end, async ordering of launches and callbacks, per-thread selection,
//! `acc_malloc`/`acc_free` and memcpy on real buffers. Error paths exit the process, so the C
//! tests (`tests/c_api.rs`) cover them.

use super::*;
use crate::pool::Body;
use crate::table::{Action, Flags};
use std::sync::atomic::AtomicI64;

fn runtime(kind: DeviceKind) -> Runtime {
    Runtime::new(&env::parse(
        Some(kind.name()),
        None,
        Some("4"),
        4,
        &env::Probe::NONE,
    ))
}

fn source() -> Source {
    Source::Directive {
        what: "test",
        loc: Some(SourceLoc {
            file: Some("t.c".into()),
            func: None,
            line: 1,
            ..SourceLoc::default()
        }),
    }
}

fn op(action: Action, flags: Flags, data: &[f64]) -> DataOp {
    DataOp::new(
        action,
        flags,
        data.as_ptr() as usize,
        std::mem::size_of_val(data),
    )
}

fn counters(runtime: &Runtime, host: usize) -> Option<(u64, u64)> {
    let slot = runtime.current();
    let table = slot.table.lock().unwrap();
    table
        .entry_containing(host)
        .map(|entry| (entry.structured, entry.dynamic))
}

#[test]
fn a_data_region_maps_and_unmaps_with_host_addresses() {
    let runtime = runtime(DeviceKind::Multicore);
    let a = vec![1.0f64; 100];
    let host = a.as_ptr() as usize;
    let entry = [op(Action::Copyin, Flags::STRUCTURED, &a)];
    let devices = runtime.data(Phase::Enter, &entry, ASYNC_SYNC, Waits::Nothing, &source());
    assert_eq!(
        devices,
        vec![host],
        "shared memory: the device address is the host address"
    );
    assert!(runtime.is_present(host, 800));
    assert_eq!(counters(&runtime, host), Some((1, 0)));
    let exit = [op(Action::Copyout, Flags::STRUCTURED, &a)];
    runtime.data(Phase::Exit, &exit, ASYNC_SYNC, Waits::Nothing, &source());
    assert!(!runtime.is_present(host, 800));
}

#[test]
fn exit_ops_run_in_reverse_order() {
    let runtime = runtime(DeviceKind::Host);
    let a = vec![0.0f64; 4];
    let host = a.as_ptr() as usize;
    // enter data copyin(a) then a construct's present(a) + delete(a): reverse order at exit
    // decrements structured before dynamic, so the final delete finds the dynamic counter.
    runtime.data(
        Phase::Enter,
        &[
            op(Action::Copyin, Flags::default(), &a),
            op(Action::Present, Flags::STRUCTURED, &a),
        ],
        ASYNC_SYNC,
        Waits::Nothing,
        &source(),
    );
    assert_eq!(counters(&runtime, host), Some((1, 1)));
    runtime.data(
        Phase::Exit,
        &[
            op(Action::Delete, Flags::default(), &a),
            op(Action::Delete, Flags::STRUCTURED, &a),
        ],
        ASYNC_SYNC,
        Waits::Nothing,
        &source(),
    );
    assert_eq!(counters(&runtime, host), None);
}

#[test]
fn async_work_runs_in_queue_order_and_the_table_changes_at_once() {
    let runtime = runtime(DeviceKind::Multicore);
    let a = vec![0.0f64; 16];
    let host = a.as_ptr() as usize;
    runtime.data(
        Phase::Enter,
        &[op(Action::Create, Flags::default(), &a)],
        5,
        Waits::Nothing,
        &source(),
    );
    assert!(
        runtime.is_present(host, 128),
        "the table is updated when the call returns"
    );

    let log = Arc::new(Mutex::new(Vec::new()));
    for round in 0..20 {
        let sum = Arc::new(AtomicI64::new(0));
        let partial = Arc::clone(&sum);
        let body: Body = Arc::new(move |begin, end, _| {
            partial.fetch_add(end - begin, Ordering::Relaxed);
        });
        let log_launch = Arc::clone(&log);
        runtime.launch(
            Launch {
                name: "k".into(),
                iterations: 1000,
                num_gangs: 0,
                num_workers: 0,
                vector_length: 0,
                body,
                finish: Some(Box::new(move |_| {
                    log_launch
                        .lock()
                        .unwrap()
                        .push((round, sum.load(Ordering::Relaxed)))
                })),
                code: None,
            },
            5,
            Waits::Nothing,
            &source(),
        );
    }
    runtime.wait(Waits::Queues(&[5]), ASYNC_SYNC, &Origin::Api("test"));
    let log = log.lock().unwrap().clone();
    assert_eq!(log, (0..20).map(|round| (round, 1000)).collect::<Vec<_>>());
    assert!(runtime.test(5, &Origin::Api("test")));
}

#[test]
fn a_synchronous_launch_does_not_wait_for_other_queues() {
    let runtime = runtime(DeviceKind::Multicore);
    let gate = Arc::new((Mutex::new(false), std::sync::Condvar::new()));
    let blocker = Arc::clone(&gate);
    runtime.current().device.host_callback(
        Some(1),
        Box::new(move || {
            let mut open = blocker.0.lock().unwrap();
            while !*open {
                open = blocker.1.wait(open).unwrap();
            }
        }),
    );
    let ran = Arc::new(AtomicI64::new(0));
    let counter = Arc::clone(&ran);
    let body: Body = Arc::new(move |begin, end, _| {
        counter.fetch_add(end - begin, Ordering::Relaxed);
    });
    let launch = Launch {
        name: "k".into(),
        iterations: 64,
        num_gangs: 0,
        num_workers: 0,
        vector_length: 0,
        body,
        finish: None,
        code: None,
    };
    runtime.launch(launch, ASYNC_SYNC, Waits::Nothing, &source());
    assert_eq!(
        ran.load(Ordering::Relaxed),
        64,
        "ran while queue 1 is blocked"
    );
    assert!(!runtime.test(1, &Origin::Api("test")));
    *gate.0.lock().unwrap() = true;
    gate.1.notify_all();
    runtime.wait(Waits::All, ASYNC_SYNC, &Origin::Api("test"));
    assert!(runtime.test_all());
}

#[test]
fn the_default_async_queue_and_selection_are_per_thread() {
    let runtime = Arc::new(runtime(DeviceKind::Multicore));
    let origin = Origin::Api("test");
    assert_eq!(runtime.default_async(), ASYNC_NOVAL);
    assert_eq!(runtime.queue_of(ASYNC_NOVAL, &origin), Some(ASYNC_NOVAL));
    runtime.set_default_async(7, &origin);
    assert_eq!(runtime.queue_of(ASYNC_NOVAL, &origin), Some(7));
    assert_eq!(runtime.queue_of(ASYNC_DEFAULT, &origin), Some(7));
    assert_eq!(runtime.queue_of(ASYNC_SYNC, &origin), None);
    runtime.set_device_type(device_type::HOST, &origin);
    assert_eq!(runtime.current_kind(), DeviceKind::Host);
    let other = Arc::clone(&runtime);
    std::thread::spawn(move || {
        assert_eq!(other.current_kind(), DeviceKind::Multicore);
        assert_eq!(other.default_async(), ASYNC_NOVAL);
    })
    .join()
    .unwrap();
    runtime.set_default_async(ASYNC_DEFAULT, &origin);
    assert_eq!(runtime.default_async(), ASYNC_NOVAL);
    runtime.set_device_type(device_type::DEFAULT, &origin);
    assert_eq!(runtime.current_kind(), DeviceKind::Multicore);
}

#[test]
fn each_device_has_its_own_table() {
    let runtime = runtime(DeviceKind::Multicore);
    let origin = Origin::Api("test");
    let a = vec![0.0f64; 4];
    runtime.api_data(
        Phase::Enter,
        op(Action::Copyin, Flags::default(), &a),
        ASYNC_SYNC,
        "t",
    );
    assert!(runtime.is_present(a.as_ptr() as usize, 32));
    runtime.set_device_type(device_type::HOST, &origin);
    assert!(!runtime.is_present(a.as_ptr() as usize, 32));
    runtime.set_device_type(device_type::MULTICORE, &origin);
    runtime.shutdown(device_type::MULTICORE, -1, &origin);
    assert!(
        !runtime.is_present(a.as_ptr() as usize, 32),
        "shutdown drops the table"
    );
}

#[test]
fn malloc_memcpy_and_free_move_real_bytes() {
    let runtime = runtime(DeviceKind::Multicore);
    let source_data: Vec<u8> = (0..64).collect();
    let mut back = vec![0u8; 64];
    let device = runtime.malloc(64);
    assert_ne!(device, 0);
    assert_eq!(runtime.malloc(0), 0);
    let api = "test";
    runtime.memcpy(
        MemcpyKind::ToDevice,
        device,
        source_data.as_ptr() as usize,
        64,
        3,
        api,
    );
    runtime.wait(Waits::Queues(&[3]), ASYNC_SYNC, &Origin::Api(api));
    let second = runtime.malloc(64);
    runtime.memcpy(
        MemcpyKind::DeviceToDevice,
        second,
        device,
        64,
        ASYNC_SYNC,
        api,
    );
    runtime.memcpy(
        MemcpyKind::FromDevice,
        back.as_mut_ptr() as usize,
        second,
        64,
        ASYNC_SYNC,
        api,
    );
    assert_eq!(back, source_data);
    runtime.free(device);
    runtime.free(second);
    runtime.free(0);
}

#[test]
fn map_data_translates_between_host_and_device_buffers() {
    let runtime = runtime(DeviceKind::Multicore);
    let host = vec![1.0f64; 8];
    let host_address = host.as_ptr() as usize;
    let device = runtime.malloc(64);
    runtime.map_data(host_address, device, 64);
    assert_eq!(runtime.deviceptr(host_address + 8), device + 8);
    assert_eq!(runtime.hostptr(device + 8), host_address + 8);
    // update device copies into the mapped buffer, update self copies back.
    runtime.api_data(
        Phase::Update,
        op(Action::UpdateDevice, Flags::default(), &host),
        ASYNC_SYNC,
        "t",
    );
    let mut copy = vec![0.0f64; 8];
    runtime.memcpy(
        MemcpyKind::FromDevice,
        copy.as_mut_ptr() as usize,
        device,
        64,
        ASYNC_SYNC,
        "t",
    );
    assert_eq!(copy, host);
    runtime.unmap_data(host_address);
    assert_eq!(runtime.deviceptr(host_address), 0);
    runtime.free(device);
}

#[test]
fn zero_modifier_zero_fills_shared_memory() {
    let runtime = runtime(DeviceKind::Multicore);
    let a = vec![5.0f64; 32];
    runtime.data(
        Phase::Enter,
        &[op(Action::Create, Flags::STRUCTURED | Flags::ZERO, &a)],
        ASYNC_SYNC,
        Waits::Nothing,
        &source(),
    );
    assert!(a.iter().all(|&x| x == 0.0));
}
