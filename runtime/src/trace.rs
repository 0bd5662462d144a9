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

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::device::{DeviceKind, KernelTimer};
use crate::error::SourceLoc;
use crate::prof;
use crate::queue::{QueueId, ASYNC_SYNC};

/// `ACCC_NOTIFY` bits.
pub const LAUNCH: u32 = 1;
pub const TRANSFER: u32 = 2;
pub const WAIT: u32 = 4;
pub const REGION: u32 = 8;
pub const ALLOC: u32 = 16;

/// Where an event comes from: a directive's location or an API routine.
#[derive(Clone, Copy, Debug)]
pub enum Place<'a> {
    Directive(Option<&'a SourceLoc>),
    Api(&'static str),
}

/// The kinds of events: `acc_event_t` of OpenACC 3.3 §5.1, with its numbers (`acc_ev_none` is 0
/// and `acc_ev_last` 27; neither is an event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum EventKind {
    DeviceInitStart = 1,
    DeviceInitEnd = 2,
    DeviceShutdownStart = 3,
    DeviceShutdownEnd = 4,
    RuntimeShutdown = 5,
    Create = 6,
    Delete = 7,
    Alloc = 8,
    Free = 9,
    EnterDataStart = 10,
    EnterDataEnd = 11,
    ExitDataStart = 12,
    ExitDataEnd = 13,
    UpdateStart = 14,
    UpdateEnd = 15,
    ComputeConstructStart = 16,
    ComputeConstructEnd = 17,
    EnqueueLaunchStart = 18,
    EnqueueLaunchEnd = 19,
    EnqueueUploadStart = 20,
    EnqueueUploadEnd = 21,
    EnqueueDownloadStart = 22,
    EnqueueDownloadEnd = 23,
    WaitStart = 24,
    WaitEnd = 25,
    /// A runtime error (OpenACC 3.3 §5.1.13): delivered before the program stops.
    Error = 26,
}

/// `acc_ev_last`: one more than the largest event number.
pub const EVENT_LAST: i32 = 27;

impl EventKind {
    /// Every event, in `acc_event_t` order.
    pub const ALL: [EventKind; 26] = [
        EventKind::DeviceInitStart,
        EventKind::DeviceInitEnd,
        EventKind::DeviceShutdownStart,
        EventKind::DeviceShutdownEnd,
        EventKind::RuntimeShutdown,
        EventKind::Create,
        EventKind::Delete,
        EventKind::Alloc,
        EventKind::Free,
        EventKind::EnterDataStart,
        EventKind::EnterDataEnd,
        EventKind::ExitDataStart,
        EventKind::ExitDataEnd,
        EventKind::UpdateStart,
        EventKind::UpdateEnd,
        EventKind::ComputeConstructStart,
        EventKind::ComputeConstructEnd,
        EventKind::EnqueueLaunchStart,
        EventKind::EnqueueLaunchEnd,
        EventKind::EnqueueUploadStart,
        EventKind::EnqueueUploadEnd,
        EventKind::EnqueueDownloadStart,
        EventKind::EnqueueDownloadEnd,
        EventKind::WaitStart,
        EventKind::WaitEnd,
        EventKind::Error,
    ];

    /// The event with `acc_event_t` value `raw`.
    pub fn from_raw(raw: i32) -> Option<EventKind> {
        EventKind::ALL
            .get(usize::try_from(raw).ok()?.checked_sub(1)?)
            .copied()
    }

    /// Whether this is the `_end` event of a start/end pair (their callbacks run in reverse
    /// order of registration, §5.3.1).
    pub fn is_end(self) -> bool {
        matches!(
            self,
            EventKind::DeviceInitEnd
                | EventKind::DeviceShutdownEnd
                | EventKind::EnterDataEnd
                | EventKind::ExitDataEnd
                | EventKind::UpdateEnd
                | EventKind::ComputeConstructEnd
                | EventKind::EnqueueLaunchEnd
                | EventKind::EnqueueUploadEnd
                | EventKind::EnqueueDownloadEnd
                | EventKind::WaitEnd
        )
    }

    /// The `ACCC_NOTIFY` bit and line of this kind, for the kinds that print one.
    fn notify(self) -> Option<(u32, &'static str)> {
        Some(match self {
            EventKind::EnqueueLaunchStart => (LAUNCH, "launch kernel"),
            EventKind::EnqueueUploadStart => (TRANSFER, "upload data"),
            EventKind::EnqueueDownloadStart => (TRANSFER, "download data"),
            EventKind::WaitStart => (WAIT, "wait"),
            EventKind::EnterDataStart => (REGION, "enter region"),
            EventKind::ExitDataStart => (REGION, "exit region"),
            EventKind::UpdateStart => (REGION, "update region"),
            EventKind::Create => (ALLOC, "create data"),
            EventKind::Delete => (ALLOC, "delete data"),
            EventKind::Alloc => (ALLOC, "alloc"),
            EventKind::Free => (ALLOC, "free"),
            _ => return None,
        })
    }
}

impl Construct {
    /// The construct numbered `raw` (an `acc_construct_t`).
    pub fn from_raw(raw: i32) -> Option<Construct> {
        use Construct::*;
        [
            Parallel, Kernels, Loop, Data, EnterData, ExitData, HostData, Atomic, Declare, Init,
            Shutdown, Set, Update, Routine, Wait, RuntimeApi, Serial,
        ]
        .get(usize::try_from(raw).ok()?)
        .copied()
    }

    /// Whether this is a compute construct (parallel, kernels, serial).
    pub fn is_compute(self) -> bool {
        matches!(
            self,
            Construct::Parallel | Construct::Kernels | Construct::Serial
        )
    }
}

/// `acc_construct_t`: what an event belongs to (`parent_construct`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Construct {
    Parallel = 0,
    Kernels = 1,
    Loop = 2,
    Data = 3,
    EnterData = 4,
    ExitData = 5,
    HostData = 6,
    Atomic = 7,
    Declare = 8,
    Init = 9,
    Shutdown = 10,
    Set = 11,
    Update = 12,
    Routine = 13,
    Wait = 14,
    RuntimeApi = 15,
    Serial = 16,
}

/// What an event carries besides its kind and place.
#[derive(Clone, Copy, Debug)]
pub enum Detail<'a> {
    /// Nothing more (`acc_other_event_info`).
    Other,
    /// A piece of data (`acc_data_event_info`): create, delete, alloc, free, uploads, downloads.
    Data {
        name: Option<&'a str>,
        bytes: usize,
        host: usize,
        device: usize,
    },
    /// A kernel launch (`acc_launch_event_info`).
    Launch {
        kernel: &'a str,
        iterations: i64,
        num_gangs: i32,
        num_workers: i32,
        vector_length: i32,
    },
    /// A wait: the queues waited for, as `ACCC_NOTIFY` prints them (`1,2`, `all`).
    Wait { queues: &'a str },
    /// A runtime error (`acc_error_event_info`): its `acc_error_t` and message.
    Error {
        code: crate::error::ErrorCode,
        message: &'a str,
    },
}

/// What a start event hands to its end event: when it happened (for `ACCC_TIME`) and the
/// `tool_info` its callbacks left.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pair {
    pub started: Option<Instant>,
    pub tool_info: usize,
}

/// One runtime event.
#[derive(Clone, Copy, Debug)]
pub struct Event<'a> {
    pub kind: EventKind,
    pub place: Place<'a>,
    pub device: DeviceKind,
    pub construct: Construct,
    /// The action was implicit: an implicit data clause, or a device started on first use.
    pub implicit: bool,
    /// The async argument as the program gave it (`acc_async_sync` for synchronous work).
    pub async_arg: i32,
    /// The queue the work went to (`None`: synchronous).
    pub queue: Option<QueueId>,
    pub detail: Detail<'a>,
    /// For an end event: what its start event returned.
    pub pair: Pair,
}

impl<'a> Event<'a> {
    /// A synchronous event with no details; the builder methods below fill in the rest.
    pub fn new(kind: EventKind, place: Place<'a>, device: DeviceKind) -> Event<'a> {
        let construct = match place {
            Place::Api(_) => Construct::RuntimeApi,
            Place::Directive(_) => Construct::Data,
        };
        Event {
            kind,
            place,
            device,
            construct,
            implicit: false,
            async_arg: ASYNC_SYNC,
            queue: None,
            detail: Detail::Other,
            pair: Pair::default(),
        }
    }

    pub fn construct(self, construct: Construct) -> Event<'a> {
        Event { construct, ..self }
    }

    pub fn implicit(self, implicit: bool) -> Event<'a> {
        Event { implicit, ..self }
    }

    pub fn on_queue(self, async_arg: i32, queue: Option<QueueId>) -> Event<'a> {
        Event {
            async_arg,
            queue,
            ..self
        }
    }

    pub fn detail(self, detail: Detail<'a>) -> Event<'a> {
        Event { detail, ..self }
    }

    /// The same event as another kind, without its pairing (`create` after `alloc`, ...).
    pub fn as_kind(self, kind: EventKind) -> Event<'a> {
        Event {
            kind,
            pair: Pair::default(),
            ..self
        }
    }

    /// The end event that matches this start event, given what [`emit`] returned for it.
    pub fn end(self, kind: EventKind, pair: Pair) -> Event<'a> {
        Event { kind, pair, ..self }
    }
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

static THREAD_IDS: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static THREAD_ID: u64 = THREAD_IDS.fetch_add(1, Ordering::Relaxed);
}

/// The calling host thread's number in events: 1, 2, ... in the order of first events.
pub fn thread_id() -> u64 {
    THREAD_ID.with(|id| *id)
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

#[cfg(test)]
mod tests {
    use super::*;

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
