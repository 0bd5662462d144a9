//! Tracing and timing, like NVHPC's `ACC_NOTIFY` and `PGI_ACC_TIME`.
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
//! | 16 | device data created and deleted (`create data` / `delete data ... variable=V bytes=N`) and `acc_malloc`/`acc_free` (`alloc`/`free`) |
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
use std::time::Duration;

use crate::device::DeviceKind;
use crate::error::SourceLoc;

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
}

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

impl Trace {
    pub fn new(notify: u32, time: bool) -> Trace {
        Trace {
            notify,
            time,
            regions: Mutex::new(BTreeMap::new()),
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

    /// Prints one event line: `accrt: <what> <place> device=<d> threadid=<t> <fields>`.
    pub fn event(&self, bit: u32, what: &str, place: Place, device: DeviceKind, fields: &str) {
        if !self.wants(bit) {
            return;
        }
        let mut line = format!("accrt: {what} ");
        match place {
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
        let thread = THREAD_ID.with(|id| *id);
        let _ = write!(line, " device={} threadid={thread}", device.name());
        if !fields.is_empty() {
            line.push(' ');
            line.push_str(fields);
        }
        eprintln!("{line}");
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

    /// The `ACCC_TIME` table: per file, per function, one line per location.
    pub fn report(&self) -> String {
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
}
