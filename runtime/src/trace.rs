//! The runtime's events, and the three things that consume them: `ACCC_NOTIFY` lines, the
//! `ACCC_TIME` table (both like NVHPC's `ACC_NOTIFY` and `PGI_ACC_TIME`) and the OpenACC
//! profiling callbacks ([`prof`](crate::prof)).
//!
//! Every action the runtime performs for a directive or an API routine is described once, as an
//! [`Event`] whose kind is an `acc_event_t` (OpenACC 3.3 §5.1), and handed to [`emit`], which
//! prints it, counts it and calls the registered callbacks. [`emit`] is called on the thread that
//! performs the action and never with a runtime lock held, so a callback may call `acc_*`
//! routines. When nothing consumes events, [`emit`] returns after two loads.
//!
//! `ACCC_NOTIFY` is a bitmask (decimal or `0x` hex); each set bit prints one line on stderr per
//! event of that kind, naming the source location (file, function, line) of the directive, or
//! the API routine, and the device and host thread:
//!
//! | bit | events |
//! |---|---|
//! | 1 | kernel launches (`launch kernel ... kernel=NAME iterations=N num_gangs=G async=Q`) |
//! | 2 | transfers the present table asks for (`upload data` / `download data ... variable=V bytes=N`) |
//! | 4 | waits (`wait ... queue=Q`, `queue=all`) |
//! | 8 | entry and exit of data and compute constructs, updates (`enter region`, `exit region`, `update region`) |
//! | 16 | device data created and deleted (`create data` / `delete data ... variable=V bytes=N`) and device memory allocated and freed (`alloc`/`free ... bytes=N`: `acc_malloc`/`acc_free`, and the present table's on a device with its own memory) |
//!
//! On the shared-memory devices (host, multicore) "upload" and "download" are the copies a
//! discrete device would make; no bytes move when the host and device addresses are equal.
//!
//! `ACCC_TIME=1` collects, per source location, how often a construct was entered (`data
//! reached`: data and compute constructs, enter/exit data, update), how often kernels ran, the
//! wall-clock time they took on the host (kernels: from launch to completion, async ones too)
//! and the bytes the present table transferred, and prints the table on stderr when the
//! program exits.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::error::{ErrorCode, SourceLoc};
pub use crate::events::{
    thread_id, Detail, Event, EventKind, Pair, Place, ALLOC, EVENT_LAST, LAUNCH, REGION, TRANSFER,
    WAIT,
};
pub use crate::kinds::Construct;
use crate::prof;

/// A kernel's run time as the device measured it, read once the kernel is done. Never read
/// from a host callback: the vendor APIs may not be called there.
pub trait KernelTimer: Send + fmt::Debug {
    /// The time; `Ok(None)` while the kernel has not finished (only when `wait` is false).
    fn read(&self, wait: bool) -> Result<Option<std::time::Duration>, String>;
}

/// Whether [`emit`] would do anything with an event of `kind` now: lets callers skip work that
/// only serves events.
pub fn wanted(kind: EventKind) -> bool {
    let trace = Trace::global();
    let notify = kind.notify().is_some_and(|(bit, _)| trace.wants(bit));
    notify || trace.time || prof::active(kind)
}

/// Reports `event` to `ACCC_NOTIFY`, `ACCC_TIME` and the profiling callbacks; returns what its
/// end event needs (for a start event).
pub fn emit(event: &Event) -> Pair {
    let trace = Trace::global();
    let callbacks = prof::active(event.kind);
    if trace.notify == 0 && !trace.time && !callbacks {
        return Pair::default();
    }
    trace.print(event);
    trace.account(event);
    let tool_info = if callbacks { prof::dispatch(event) } else { 0 };
    Pair {
        started: trace.time.then(Instant::now),
        tool_info,
    }
}

/// Statistics of one source location.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegionStats {
    pub data_regions: u64,
    pub data_time: Duration,
    pub launches: u64,
    pub kernel_time: Duration,
    pub bytes_up: u64,
    pub bytes_down: u64,
}

/// (file, function, line) of a location.
type Key = (String, String, i32);

/// The tracing configuration and the collected times.
#[derive(Debug, Default)]
pub struct Trace {
    pub notify: u32,
    pub time: bool,
    regions: Mutex<BTreeMap<Key, RegionStats>>,
    /// Kernels timed on their device whose time is not read yet, oldest first.
    timers: Mutex<Vec<PendingTimer>>,
    /// Device timings that could not be read: how many, and the first reason.
    lost: Mutex<(u64, Option<String>)>,
}

/// A device-timed kernel's location and timer.
type PendingTimer = (Option<SourceLoc>, Box<dyn KernelTimer>);

/// How many device-timed kernels may wait to be read before the oldest is waited for.
const MAX_PENDING_TIMERS: usize = 256;

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Parses `ACCC_NOTIFY` (`None` or junk: 0).
pub fn parse_notify(value: Option<&str>) -> u32 {
    let Some(value) = value.map(str::trim) else {
        return 0;
    };
    match value
        .strip_prefix("0x")
        .or_else(|| value.strip_prefix("0X"))
    {
        Some(hex) => u32::from_str_radix(hex, 16).unwrap_or(0),
        None => value.parse().unwrap_or(0),
    }
}

impl Trace {
    pub fn new(notify: u32, time: bool) -> Trace {
        Trace {
            notify,
            time,
            regions: Mutex::new(BTreeMap::new()),
            timers: Mutex::new(Vec::new()),
            lost: Mutex::new((0, None)),
        }
    }

    /// The process-wide configuration, from `ACCC_NOTIFY` and `ACCC_TIME`; with timing on,
    /// the table is printed at exit.
    pub fn global() -> &'static Trace {
        static TRACE: OnceLock<Trace> = OnceLock::new();
        TRACE.get_or_init(|| {
            let notify = parse_notify(std::env::var("ACCC_NOTIFY").ok().as_deref());
            let time = std::env::var("ACCC_TIME").is_ok_and(|v| !matches!(v.trim(), "" | "0"));
            if time {
                crate::hostmem::at_exit(print_times_at_exit);
            }
            Trace::new(notify, time)
        })
    }

    pub fn wants(&self, bit: u32) -> bool {
        self.notify & bit != 0
    }

    /// The `ACCC_NOTIFY` line of `event`, when its bit is set:
    /// `accrt: <what> <place> device=<d> threadid=<t> <fields>`.
    fn print(&self, event: &Event) {
        let Some((bit, what)) = event.kind.notify() else {
            return;
        };
        if !self.wants(bit) {
            return;
        }
        let mut line = format!("accrt: {what} ");
        match event.place {
            Place::Directive(loc) => {
                let loc = loc.cloned().unwrap_or_default();
                let _ = write!(
                    line,
                    "file={} function={} line={}",
                    loc.file.as_deref().unwrap_or("?"),
                    loc.func.as_deref().unwrap_or("?"),
                    loc.line
                );
            }
            Place::Api(routine) => {
                let _ = write!(line, "routine={routine}");
            }
        }
        let _ = write!(
            line,
            " device={} threadid={}",
            event.device.name(),
            thread_id()
        );
        match event.detail {
            Detail::Other => {}
            Detail::Data { name, bytes, .. } => match event.kind {
                EventKind::Alloc | EventKind::Free => {
                    let _ = write!(line, " bytes={bytes}");
                }
                _ => {
                    let _ = write!(line, " variable={} bytes={bytes}", name.unwrap_or("?"));
                }
            },
            Detail::Launch {
                kernel,
                iterations,
                num_gangs,
                ..
            } => {
                let _ = write!(
                    line,
                    " kernel={kernel} iterations={iterations} num_gangs={num_gangs} async={}",
                    queue_name(event.queue)
                );
            }
            Detail::Wait { queues } => {
                let _ = write!(line, " queue={queues} async={}", queue_name(event.queue));
            }
            Detail::Error { .. } => {}
        }
        // One write per line (eprintln! writes the newline apart), so that the lines of several
        // processes sharing a stream (MPI ranks) never run into each other.
        line.push('\n');
        eprint!("{line}");
    }

    /// What `event` adds to the `ACCC_TIME` table: constructs reached and their time (at their
    /// end events), bytes transferred for directives.
    fn account(&self, event: &Event) {
        let Place::Directive(loc) = event.place else {
            return;
        };
        let elapsed = event
            .pair
            .started
            .map(|at| at.elapsed())
            .unwrap_or_default();
        match (event.kind, event.detail) {
            (EventKind::EnterDataEnd | EventKind::UpdateEnd, _) => self.record(loc, |stats| {
                stats.data_regions += 1;
                stats.data_time += elapsed;
            }),
            (EventKind::ExitDataEnd, _) => self.record(loc, |stats| stats.data_time += elapsed),
            (EventKind::EnqueueUploadStart, Detail::Data { bytes, .. }) => {
                self.record(loc, |stats| stats.bytes_up += bytes as u64)
            }
            (EventKind::EnqueueDownloadStart, Detail::Data { bytes, .. }) => {
                self.record(loc, |stats| stats.bytes_down += bytes as u64)
            }
            _ => {}
        }
    }

    /// Adds to the statistics of the directive at `loc` (no-op without `ACCC_TIME`).
    pub fn record(&self, loc: Option<&SourceLoc>, add: impl FnOnce(&mut RegionStats)) {
        if !self.time {
            return;
        }
        let loc = loc.cloned().unwrap_or_default();
        let key = (
            loc.file.unwrap_or_else(|| "?".to_string()),
            loc.func.unwrap_or_else(|| "?".to_string()),
            loc.line,
        );
        add(lock(&self.regions).entry(key).or_default());
    }

    /// A launch at `loc` whose kernel its device times ([`Device::launch_timed`]): counted
    /// now, its time added once it can be read. Reads the timers of kernels that have finished
    /// meanwhile (and waits for the oldest when too many are pending), so the list stays short.
    ///
    /// [`Device::launch_timed`]: crate::device::Device::launch_timed
    pub fn timed_launch(&self, loc: Option<&SourceLoc>, timer: Box<dyn KernelTimer>) {
        if !self.time {
            return;
        }
        self.record(loc, |stats| stats.launches += 1);
        let mut timers = lock(&self.timers);
        timers.push((loc.cloned(), timer));
        let mut index = 0;
        while index < timers.len() {
            let wait = index == 0 && timers.len() > MAX_PENDING_TIMERS;
            match timers[index].1.read(wait) {
                Ok(None) => index += 1,
                done => {
                    let (loc, _) = timers.remove(index);
                    self.add_device_time(loc.as_ref(), done);
                }
            }
        }
    }

    /// Adds a timer's reading to its location (or counts it as lost).
    fn add_device_time(&self, loc: Option<&SourceLoc>, reading: Result<Option<Duration>, String>) {
        match reading {
            Ok(time) => {
                self.record(loc, |stats| stats.kernel_time += time.unwrap_or_default());
            }
            Err(reason) => {
                let mut lost = lock(&self.lost);
                lost.0 += 1;
                lost.1.get_or_insert(reason);
            }
        }
    }

    /// Reads every pending device timer, waiting for its kernel.
    fn read_timers(&self) {
        let timers = std::mem::take(&mut *lock(&self.timers));
        for (loc, timer) in timers {
            self.add_device_time(loc.as_ref(), timer.read(true));
        }
    }

    /// The `ACCC_TIME` table: per file, per function, one line per location. Device timers
    /// still pending are read first.
    pub fn report(&self) -> String {
        self.read_timers();
        let regions = lock(&self.regions);
        let mut out = String::new();
        let _ = writeln!(out, "accrt: time: per-region statistics (ACCC_TIME)");
        let mut last: Option<(&str, &str)> = None;
        for ((file, func, line), stats) in regions.iter() {
            if last.map(|(f, _)| f) != Some(file.as_str()) {
                let _ = writeln!(out, "accrt: {file}");
            }
            if last != Some((file.as_str(), func.as_str())) {
                let _ = writeln!(out, "accrt:   {func}");
            }
            last = Some((file, func));
            if stats.data_regions > 0 {
                let _ = writeln!(
                    out,
                    "accrt:     {line}: data reached {} time{}, bytes up={} down={}, time(us)={}",
                    stats.data_regions,
                    plural(stats.data_regions),
                    stats.bytes_up,
                    stats.bytes_down,
                    stats.data_time.as_micros()
                );
            }
            if stats.launches > 0 {
                let _ = writeln!(
                    out,
                    "accrt:     {line}: kernel launched {} time{}, time(us)={}",
                    stats.launches,
                    plural(stats.launches),
                    stats.kernel_time.as_micros()
                );
            }
        }
        let lost = lock(&self.lost);
        if let (count @ 1.., Some(reason)) = (lost.0, lost.1.as_ref()) {
            let _ = writeln!(
                out,
                "accrt: time: {count} kernel time{} could not be read from the device ({reason}), \
                 counted as 0",
                plural(count)
            );
        }
        out
    }
}

fn plural(count: u64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

extern "C" fn print_times_at_exit() {
    let report = crate::error::guard("ACCC_TIME", || Trace::global().report());
    eprint!("{report}");
}

/// The `async=` field of an event.
pub fn queue_name(queue: Option<i32>) -> String {
    match queue {
        None => "sync".to_string(),
        Some(-1) => "noval".to_string(),
        Some(queue) => queue.to_string(),
    }
}

thread_local! {
    /// Set while this thread delivers an `acc_ev_error` event.
    static FAILING: Cell<bool> = const { Cell::new(false) };
}

/// Stops the program for an OpenACC runtime error: the `acc_ev_error` event (`event` says where
/// the error happened; its kind and detail are set here) goes to the registered callbacks, then
/// `accrt: error: <message>` is printed and the program exits with status 1. Must not be called
/// with a runtime lock held: the callbacks may call `acc_*` routines.
pub fn fail(code: ErrorCode, event: Event, message: impl fmt::Display) -> ! {
    let message = message.to_string();
    if !FAILING.with(|failing| failing.replace(true)) {
        let detail = Detail::Error {
            code,
            message: &message,
        };
        emit(&event.as_kind(EventKind::Error).detail(detail));
    }
    crate::error::fatal(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn notify_masks_parse() {
        assert_eq!(parse_notify(None), 0);
        assert_eq!(parse_notify(Some("31")), 31);
        assert_eq!(parse_notify(Some(" 0x1f ")), 31);
        assert_eq!(parse_notify(Some("junk")), 0);
    }

    #[test]
    fn the_report_groups_locations_by_file_and_function() {
        let trace = Trace::new(0, true);
        let loc = |line| SourceLoc {
            file: Some("a.c".to_string()),
            func: Some("main".to_string()),
            line,
            ..SourceLoc::default()
        };
        trace.record(Some(&loc(3)), |s| {
            s.data_regions += 2;
            s.bytes_up += 80;
        });
        trace.record(Some(&loc(5)), |s| {
            s.launches += 1;
            s.kernel_time += Duration::from_micros(7);
        });
        assert_eq!(
            trace.report(),
            "accrt: time: per-region statistics (ACCC_TIME)\n\
             accrt: a.c\n\
             accrt:   main\n\
             accrt:     3: data reached 2 times, bytes up=80 down=0, time(us)=0\n\
             accrt:     5: kernel launched 1 time, time(us)=7\n"
        );
        Trace::new(0, false).record(Some(&loc(1)), |_| unreachable!());
    }

    /// A device timer whose kernel finishes when `done` is set; `Err` when `broken`.
    #[derive(Debug)]
    struct FakeTimer {
        done: std::sync::Arc<std::sync::atomic::AtomicBool>,
        micros: u64,
        broken: bool,
    }

    impl KernelTimer for FakeTimer {
        fn read(&self, wait: bool) -> Result<Option<Duration>, String> {
            if self.broken {
                return Err("cuEventElapsedTime: CUDA_ERROR_DEINITIALIZED".to_string());
            }
            let done = wait || self.done.load(Ordering::SeqCst);
            Ok(done.then(|| Duration::from_micros(self.micros)))
        }
    }

    #[test]
    fn device_timers_are_read_when_done_and_at_the_report() {
        let trace = Trace::new(0, true);
        let loc = SourceLoc {
            file: Some("k.c".to_string()),
            func: Some("f".to_string()),
            line: 9,
            ..SourceLoc::default()
        };
        let first = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let timer = |done: &std::sync::Arc<_>, micros, broken| {
            Box::new(FakeTimer {
                done: std::sync::Arc::clone(done),
                micros,
                broken,
            })
        };
        trace.timed_launch(Some(&loc), timer(&first, 5, false));
        assert_eq!(lock(&trace.timers).len(), 1, "not finished: still pending");
        first.store(true, Ordering::SeqCst);
        let second = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        trace.timed_launch(Some(&loc), timer(&second, 7, false));
        assert_eq!(lock(&trace.timers).len(), 1, "the finished one was read");
        trace.timed_launch(Some(&loc), timer(&second, 1, true));
        assert_eq!(
            trace.report(),
            "accrt: time: per-region statistics (ACCC_TIME)\n\
             accrt: k.c\n\
             accrt:   f\n\
             accrt:     9: kernel launched 3 times, time(us)=12\n\
             accrt: time: 1 kernel time could not be read from the device \
             (cuEventElapsedTime: CUDA_ERROR_DEINITIALIZED), counted as 0\n"
        );
        assert!(lock(&trace.timers).is_empty());
    }

    #[test]
    fn too_many_pending_timers_wait_for_the_oldest() {
        let trace = Trace::new(0, true);
        let never = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        for _ in 0..MAX_PENDING_TIMERS + 10 {
            trace.timed_launch(
                None,
                Box::new(FakeTimer {
                    done: std::sync::Arc::clone(&never),
                    micros: 1,
                    broken: false,
                }),
            );
        }
        assert_eq!(lock(&trace.timers).len(), MAX_PENDING_TIMERS);
    }
}
