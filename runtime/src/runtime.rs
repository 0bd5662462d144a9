//! The runtime proper: device selection, one present table per device, and the operations that
//! both the private ABI (`abi.rs`) and the OpenACC API (`api_*.rs`) are thin wrappers of.
//!
//! Order of work for a data directive: resolve the async argument to a queue; honour the
//! `wait` list (block when synchronous, enqueue joins when asynchronous); update the present
//! table under its lock on the calling thread, in clause order (exit actions in reverse), so the
//! device addresses are known when the call returns; then perform the transfers the table asked
//! for, synchronously or on the queue. Synchronous work does not wait for any queue it was not
//! told to wait for.
//!
//! The selection ICVs (`acc-current-device-type-var`, `acc-current-device-num-var`,
//! `acc-default-async-var`) are per host thread, as OpenACC 3.3 §2.3 has them; each thread
//! starts from the environment's values. The present tables and queues belong to the devices
//! and are shared by every thread.

use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::device::{self, device_type, perform, Device, DeviceKind, Launch};
use crate::env::{self, Config};
use crate::error::{fatal, internal, warning, Origin, SourceLoc};
use crate::queue::{QueueId, ASYNC_DEFAULT, ASYNC_NOVAL, ASYNC_SYNC};
use crate::table::{DataOp, PresentTable, TableError, TableErrorKind, Transfer};
use crate::trace::{self, Place, Trace};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A device with its present table and the live `acc_malloc` allocations.
#[derive(Debug)]
pub struct DeviceSlot {
    pub device: Arc<dyn Device>,
    pub table: Mutex<PresentTable>,
    allocations: Mutex<HashMap<usize, usize>>,
}

impl DeviceSlot {
    fn new(device: Arc<dyn Device>) -> DeviceSlot {
        let table = PresentTable::new(device.shares_host_memory());
        DeviceSlot {
            device,
            table: Mutex::new(table),
            allocations: Mutex::new(HashMap::new()),
        }
    }
}

/// Which phase of a construct a list of data ops belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Enter,
    Exit,
    Update,
}

/// The `wait` list of a directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waits<'a> {
    Nothing,
    All,
    Queues(&'a [i32]),
}

/// Who asked: a directive at a source location, or an API routine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Directive {
        what: &'static str,
        loc: Option<SourceLoc>,
    },
    Api(&'static str),
}

impl Source {
    fn origin(&self) -> Origin {
        match self {
            Source::Directive { what, loc } => Origin::Directive {
                what,
                loc: loc.clone(),
            },
            Source::Api(name) => Origin::Api(name),
        }
    }

    fn origin_of(&self, op: &DataOp) -> Origin {
        match self {
            Source::Directive { loc, .. } => Origin::Clause {
                action: op.action,
                flags: op.flags,
                loc: loc.clone(),
            },
            Source::Api(name) => Origin::Api(name),
        }
    }

    /// Where trace events of this source say they come from.
    fn place(&self) -> Place<'_> {
        match self {
            Source::Directive { loc, .. } => Place::Directive(loc.as_ref()),
            Source::Api(name) => Place::Api(name),
        }
    }

    fn loc(&self) -> Option<&SourceLoc> {
        match self {
            Source::Directive { loc, .. } => loc.as_ref(),
            Source::Api(_) => None,
        }
    }

    fn entry_point(&self) -> &'static str {
        match self {
            Source::Directive { what, .. } | Source::Api(what) => what,
        }
    }
}

/// The per-thread ICVs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Selection {
    kind: DeviceKind,
    num: i32,
    default_async: i32,
}

thread_local! {
    /// (runtime id, this thread's selection in that runtime).
    static SELECTION: Cell<Option<(usize, Selection)>> = const { Cell::new(None) };
}

static NEXT_RUNTIME_ID: AtomicUsize = AtomicUsize::new(0);

/// The whole runtime state.
#[derive(Debug)]
pub struct Runtime {
    id: usize,
    initial: Selection,
    host: Arc<DeviceSlot>,
    multicore: Arc<DeviceSlot>,
    /// Device types whose unavailability was already reported.
    warned: Mutex<HashSet<i32>>,
}

impl Runtime {
    pub fn new(config: &Config) -> Runtime {
        Runtime {
            id: NEXT_RUNTIME_ID.fetch_add(1, Ordering::Relaxed),
            initial: Selection {
                kind: config.device,
                num: config.device_num,
                default_async: ASYNC_NOVAL,
            },
            host: Arc::new(DeviceSlot::new(device::create(DeviceKind::Host, 1))),
            multicore: Arc::new(DeviceSlot::new(device::create(
                DeviceKind::Multicore,
                config.num_cores,
            ))),
            warned: Mutex::new(HashSet::new()),
        }
    }

    /// The process-wide runtime, configured from the environment on first use.
    pub fn global() -> &'static Runtime {
        static RUNTIME: OnceLock<Runtime> = OnceLock::new();
        RUNTIME.get_or_init(|| {
            let config = env::from_environment();
            for message in &config.warnings {
                warning(message);
            }
            Runtime::new(&config)
        })
    }

    fn selection(&self) -> Selection {
        match SELECTION.with(Cell::get) {
            Some((id, selection)) if id == self.id => selection,
            _ => self.initial,
        }
    }

    fn select(&self, change: impl FnOnce(&mut Selection)) {
        let mut selection = self.selection();
        change(&mut selection);
        SELECTION.with(|cell| cell.set(Some((self.id, selection))));
    }

    pub fn slot(&self, kind: DeviceKind) -> Arc<DeviceSlot> {
        Arc::clone(match kind {
            DeviceKind::Host => &self.host,
            DeviceKind::Multicore => &self.multicore,
        })
    }

    /// The current device of the calling thread.
    pub fn current(&self) -> Arc<DeviceSlot> {
        self.slot(self.selection().kind)
    }

    pub fn current_kind(&self) -> DeviceKind {
        self.selection().kind
    }

    /// The device kind `dev_type` (an `acc_device_t`) selects; GPU types fall back to
    /// multicore with a one-time warning, invalid values are errors.
    pub fn kind_for_selection(&self, dev_type: i32, origin: &Origin) -> DeviceKind {
        match dev_type {
            device_type::HOST => DeviceKind::Host,
            device_type::MULTICORE | device_type::NOT_HOST => DeviceKind::Multicore,
            device_type::DEFAULT => self.initial.kind,
            device_type::NVIDIA | device_type::RADEON => {
                if lock(&self.warned).insert(dev_type) {
                    let (name, reason) = if dev_type == device_type::NVIDIA {
                        ("acc_device_nvidia", env::unavailable_reason("nvidia"))
                    } else {
                        ("acc_device_radeon", env::unavailable_reason("radeon"))
                    };
                    warning(format!(
                        "{name} ({origin}): {}; using multicore",
                        reason.unwrap_or("not available")
                    ));
                }
                DeviceKind::Multicore
            }
            _ => fatal(format!("invalid device type {dev_type} ({origin})")),
        }
    }

    /// The device kind `dev_type` names for a query (`None`: no such device here).
    pub fn kind_of(&self, dev_type: i32) -> Option<DeviceKind> {
        match dev_type {
            device_type::HOST => Some(DeviceKind::Host),
            device_type::MULTICORE | device_type::NOT_HOST => Some(DeviceKind::Multicore),
            device_type::DEFAULT => Some(self.initial.kind),
            _ => None,
        }
    }

    /// How many devices of type `dev_type` exist.
    pub fn num_devices(&self, dev_type: i32) -> i32 {
        match dev_type {
            device_type::HOST
            | device_type::MULTICORE
            | device_type::NOT_HOST
            | device_type::DEFAULT => 1,
            _ => 0,
        }
    }

    fn check_device_num(&self, kind: DeviceKind, num: i32, origin: &Origin) {
        if num != 0 {
            fatal(format!(
                "invalid device number {num} for device type {} (it has 1 device, number 0) \
                 ({origin})",
                kind.name()
            ));
        }
    }

    pub fn set_device_type(&self, dev_type: i32, origin: &Origin) {
        let kind = self.kind_for_selection(dev_type, origin);
        self.select(|selection| {
            selection.kind = kind;
            selection.num = 0;
        });
    }

    /// `acc_set_device_num`: a negative number selects the default device (0).
    pub fn set_device_num(&self, num: i32, dev_type: i32, origin: &Origin) {
        let kind = if dev_type == device_type::NONE {
            self.current_kind()
        } else {
            self.kind_for_selection(dev_type, origin)
        };
        let num = num.max(0);
        self.check_device_num(kind, num, origin);
        self.select(|selection| {
            selection.kind = kind;
            selection.num = num;
        });
    }

    pub fn device_num(&self, _dev_type: i32) -> i32 {
        self.selection().num
    }

    pub fn default_async(&self) -> i32 {
        self.selection().default_async
    }

    /// `acc_set_default_async`: `acc_async_default` restores the initial value.
    pub fn set_default_async(&self, async_arg: i32, origin: &Origin) {
        let value = match async_arg {
            ASYNC_DEFAULT | ASYNC_NOVAL => ASYNC_NOVAL,
            n if n >= 0 => n,
            n => fatal(format!("invalid async argument {n} ({origin})")),
        };
        self.select(|selection| selection.default_async = value);
    }

    /// The queue an `async` argument names; `None` for synchronous work.
    pub fn queue_of(&self, async_arg: i32, origin: &Origin) -> Option<QueueId> {
        match async_arg {
            ASYNC_SYNC => None,
            ASYNC_NOVAL | ASYNC_DEFAULT => Some(self.selection().default_async),
            n if n >= 0 => Some(n),
            n => fatal(format!("invalid async argument {n} ({origin})")),
        }
    }

    /// Honours a `wait` list before work that goes to `queue` (or runs now).
    fn prepare(&self, slot: &DeviceSlot, queue: Option<QueueId>, waits: Waits, origin: &Origin) {
        match waits {
            Waits::Nothing => {}
            Waits::All => match queue {
                None => slot.device.wait_all(),
                Some(waiter) => slot.device.join_all(waiter),
            },
            Waits::Queues(list) => {
                for &arg in list {
                    let Some(waited) = self.queue_of(arg, origin) else {
                        continue;
                    };
                    match queue {
                        None => slot.device.wait(waited),
                        Some(waiter) => slot.device.join(waiter, waited),
                    }
                }
            }
        }
    }

    /// Performs the data ops of one directive and returns each op's device address.
    pub fn data(
        &self,
        phase: Phase,
        ops: &[DataOp],
        async_arg: i32,
        waits: Waits,
        source: &Source,
    ) -> Vec<usize> {
        let trace = Trace::global();
        let started = std::time::Instant::now();
        let slot = self.current();
        let kind = slot.device.kind();
        let region = match phase {
            Phase::Enter => "enter region",
            Phase::Exit => "exit region",
            Phase::Update => "update region",
        };
        if matches!(source, Source::Directive { .. }) {
            trace.event(trace::REGION, region, source.place(), kind, "");
        }
        let queue = self.queue_of(async_arg, &source.origin());
        self.prepare(&slot, queue, waits, &source.origin());
        let mut devices = vec![0; ops.len()];
        let mut transfers = Vec::new();
        let (mut up, mut down) = (0u64, 0u64);
        {
            let mut table = lock(&slot.table);
            let device = &slot.device;
            let mut alloc = |bytes: usize| device.alloc(bytes);
            let mut apply = |index: usize| {
                let op = &ops[index];
                let (entries, first) = (table.len(), transfers.len());
                let result = match phase {
                    Phase::Enter => table.enter(op, &mut alloc, &mut transfers),
                    Phase::Exit => table.exit(op, &mut transfers),
                    Phase::Update => table.update(op, &mut transfers).map(|()| 0),
                };
                match result {
                    Ok(address) => devices[index] = address,
                    Err(error) => report(&error, op, phase, source),
                }
                let variable = op.name.as_deref().unwrap_or("?");
                if table.len() > entries {
                    let fields = format!("variable={variable} bytes={}", op.bytes);
                    trace.event(trace::ALLOC, "create data", source.place(), kind, &fields);
                }
                for transfer in &transfers[first..] {
                    let (what, bytes) = match transfer {
                        Transfer::CopyIn { bytes, .. } => ("upload data", *bytes),
                        Transfer::CopyOut { bytes, .. } => ("download data", *bytes),
                        _ => continue,
                    };
                    if what == "upload data" {
                        up += bytes as u64;
                    } else {
                        down += bytes as u64;
                    }
                    let fields = format!("variable={variable} bytes={bytes}");
                    trace.event(trace::TRANSFER, what, source.place(), kind, &fields);
                }
                if table.len() < entries {
                    let fields = format!("variable={variable} bytes={}", op.bytes);
                    trace.event(trace::ALLOC, "delete data", source.place(), kind, &fields);
                }
            };
            if phase == Phase::Exit {
                (0..ops.len()).rev().for_each(&mut apply);
            } else {
                (0..ops.len()).for_each(&mut apply);
            }
        }
        self.perform_all(&slot, transfers, queue);
        if let Source::Directive { loc, .. } = source {
            trace.record(loc.as_ref(), |stats| {
                stats.data_regions += u64::from(phase != Phase::Exit);
                stats.data_time += started.elapsed();
                stats.bytes_up += up;
                stats.bytes_down += down;
            });
        }
        devices
    }

    fn perform_all(&self, slot: &DeviceSlot, transfers: Vec<Transfer>, queue: Option<QueueId>) {
        for transfer in transfers {
            perform(&*slot.device, transfer, queue);
        }
    }

    /// One data op from an `acc_*` routine; returns its device address.
    pub fn api_data(&self, phase: Phase, op: DataOp, async_arg: i32, api: &'static str) -> usize {
        self.data(phase, &[op], async_arg, Waits::Nothing, &Source::Api(api))[0]
    }

    /// Launches a kernel on the current device.
    pub fn launch(&self, launch: Launch, async_arg: i32, waits: Waits, source: &Source) {
        let trace = Trace::global();
        let slot = self.current();
        let origin = source.origin();
        let queue = self.queue_of(async_arg, &origin);
        self.prepare(&slot, queue, waits, &origin);
        if trace.wants(trace::LAUNCH) {
            let fields = format!(
                "kernel={} iterations={} num_gangs={} async={}",
                launch.name,
                launch.iterations,
                launch.num_gangs,
                trace::queue_name(queue)
            );
            trace.event(
                trace::LAUNCH,
                "launch kernel",
                source.place(),
                slot.device.kind(),
                &fields,
            );
        }
        let started = std::time::Instant::now();
        slot.device.launch(launch, queue);
        if trace.time {
            let loc = source.loc().cloned();
            slot.device.host_callback(
                queue,
                Box::new(move || {
                    Trace::global().record(loc.as_ref(), |stats| {
                        stats.launches += 1;
                        stats.kernel_time += started.elapsed();
                    });
                }),
            );
        }
    }

    /// The `wait` directive and `acc_wait*`: with `async_arg` synchronous, blocks; otherwise
    /// makes that queue wait.
    pub fn wait(&self, waits: Waits, async_arg: i32, origin: &Origin) {
        let slot = self.current();
        let queue = self.queue_of(async_arg, origin);
        let trace = Trace::global();
        if trace.wants(trace::WAIT) {
            let queues = match waits {
                Waits::Nothing => String::new(),
                Waits::All => "all".to_string(),
                Waits::Queues(list) => list
                    .iter()
                    .map(|&arg| trace::queue_name(self.queue_of(arg, origin)))
                    .collect::<Vec<_>>()
                    .join(","),
            };
            let place = match origin {
                Origin::Api(name) => Place::Api(name),
                Origin::Directive { loc, .. } | Origin::Clause { loc, .. } => {
                    Place::Directive(loc.as_ref())
                }
            };
            let fields = format!("queue={queues} async={}", trace::queue_name(queue));
            trace.event(trace::WAIT, "wait", place, slot.device.kind(), &fields);
        }
        self.prepare(&slot, queue, waits, origin);
    }

    /// `acc_async_test`: whether the queue `wait_arg` names has finished its work.
    pub fn test(&self, wait_arg: i32, origin: &Origin) -> bool {
        match self.queue_of(wait_arg, origin) {
            None => true,
            Some(queue) => self.current().device.test(queue),
        }
    }

    pub fn test_all(&self) -> bool {
        self.current().device.test_all()
    }

    /// `acc_wait_any`: the index of a finished queue among `wait_args`, or -1 when every entry
    /// is `acc_async_sync` (or the list is empty).
    pub fn wait_any(&self, wait_args: &[i32], origin: &Origin) -> i32 {
        let mut indices = Vec::new();
        let mut queues = Vec::new();
        for (index, &arg) in wait_args.iter().enumerate() {
            if let Some(queue) = self.queue_of(arg, origin) {
                indices.push(index);
                queues.push(queue);
            }
        }
        match self.current().device.wait_any(&queues) {
            Some(found) => indices[found] as i32,
            None => -1,
        }
    }

    /// Checks the device number of an `acc_*_device` routine against the current device type.
    pub fn check_current_device_num(&self, num: i32, origin: &Origin) {
        self.check_device_num(self.current_kind(), num, origin);
    }

    /// `init` / `acc_init`: starts the device and makes its type current (`-1`: current type).
    pub fn init(&self, dev_type: i32, num: i32, origin: &Origin) {
        let kind = if dev_type < 0 {
            self.current_kind()
        } else {
            self.kind_for_selection(dev_type, origin)
        };
        if num >= 0 {
            self.check_device_num(kind, num, origin);
        }
        self.select(|selection| selection.kind = kind);
        self.slot(kind).device.init();
    }

    /// `shutdown` / `acc_shutdown`: finishes the device's queued work and drops its present
    /// table (data still present is released, as after a final exit).
    pub fn shutdown(&self, dev_type: i32, num: i32, origin: &Origin) {
        let kind = if dev_type < 0 {
            self.current_kind()
        } else {
            self.kind_for_selection(dev_type, origin)
        };
        if num >= 0 {
            self.check_device_num(kind, num, origin);
        }
        let slot = self.slot(kind);
        slot.device.wait_all();
        let mut transfers = Vec::new();
        lock(&slot.table).clear(&mut transfers);
        self.perform_all(&slot, transfers, None);
    }

    /// `acc_malloc`: device memory (0 when it cannot be allocated or `bytes` is 0).
    pub fn malloc(&self, bytes: usize) -> usize {
        if bytes == 0 {
            return 0;
        }
        let slot = self.current();
        let fields = format!("bytes={bytes}");
        Trace::global().event(
            trace::ALLOC,
            "alloc",
            Place::Api("acc_malloc"),
            slot.device.kind(),
            &fields,
        );
        match slot.device.alloc(bytes) {
            Some(address) => {
                lock(&slot.allocations).insert(address, bytes);
                address
            }
            None => 0,
        }
    }

    /// `acc_free`: only addresses `acc_malloc` returned (or null) may be freed.
    pub fn free(&self, address: usize) {
        if address == 0 {
            return;
        }
        let slot = self.current();
        let Some(bytes) = lock(&slot.allocations).remove(&address) else {
            fatal(format!(
                "acc_free: {address:#x} was not allocated by acc_malloc"
            ));
        };
        let fields = format!("bytes={bytes}");
        Trace::global().event(
            trace::ALLOC,
            "free",
            Place::Api("acc_free"),
            slot.device.kind(),
            &fields,
        );
        slot.device.free(address, None);
    }

    pub fn map_data(&self, host: usize, device: usize, bytes: usize) {
        let slot = self.current();
        let result = lock(&slot.table).map(host, device, bytes);
        if let Err(error) = result {
            fatal(error.message(&Origin::Api("acc_map_data")));
        }
    }

    pub fn unmap_data(&self, host: usize) {
        let slot = self.current();
        let result = lock(&slot.table).unmap(host);
        if let Err(error) = result {
            fatal(error.message(&Origin::Api("acc_unmap_data")));
        }
    }

    pub fn deviceptr(&self, host: usize) -> usize {
        let slot = self.current();
        let address = lock(&slot.table).device_address(host);
        address.unwrap_or(0)
    }

    pub fn hostptr(&self, device: usize) -> usize {
        let slot = self.current();
        let address = lock(&slot.table).host_address(device);
        address.unwrap_or(0)
    }

    pub fn is_present(&self, host: usize, bytes: usize) -> bool {
        let slot = self.current();
        let present = lock(&slot.table).is_present(host, bytes);
        present
    }

    /// `acc_memcpy_to_device`, `_from_device`, `_device`: copies between addresses the caller
    /// already translated.
    pub fn memcpy(
        &self,
        kind: MemcpyKind,
        destination: usize,
        source: usize,
        bytes: usize,
        async_arg: i32,
        api: &'static str,
    ) {
        let origin = Origin::Api(api);
        let queue = self.queue_of(async_arg, &origin);
        if bytes == 0 || destination == 0 || source == 0 {
            return;
        }
        let device = &self.current().device;
        match kind {
            MemcpyKind::ToDevice => device.copy_in(destination, source, bytes, queue),
            MemcpyKind::FromDevice => device.copy_out(destination, source, bytes, queue),
            MemcpyKind::DeviceToDevice => device.copy_device(destination, source, bytes, queue),
        }
    }

    /// `acc_memcpy_d2d`: copies between the device copies of two present host sections.
    #[allow(clippy::too_many_arguments)]
    pub fn memcpy_d2d(
        &self,
        destination: usize,
        source: usize,
        bytes: usize,
        destination_num: i32,
        source_num: i32,
        async_arg: i32,
        api: &'static str,
    ) {
        let origin = Origin::Api(api);
        let kind = self.current_kind();
        self.check_device_num(kind, destination_num, &origin);
        self.check_device_num(kind, source_num, &origin);
        let queue = self.queue_of(async_arg, &origin);
        if bytes == 0 || destination == 0 || source == 0 {
            return;
        }
        let slot = self.current();
        let translate = |host: usize| {
            let table = lock(&slot.table);
            if !table.is_present(host, bytes) {
                fatal(format!(
                    "{} is not present on the device ({origin})",
                    crate::error::describe_data(None, host, bytes)
                ));
            }
            table.device_address(host).unwrap_or(host)
        };
        let (to, from) = (translate(destination), translate(source));
        slot.device.copy_device(to, from, bytes, queue);
    }
}

/// Which way `Runtime::memcpy` copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemcpyKind {
    ToDevice,
    FromDevice,
    DeviceToDevice,
}

/// Stops the program for a failed data action.
fn report(error: &TableError, op: &DataOp, phase: Phase, source: &Source) -> ! {
    if error.kind == TableErrorKind::WrongPhase {
        let phase = match phase {
            Phase::Enter => "an entry",
            Phase::Exit => "an exit",
            Phase::Update => "an update",
        };
        internal(format!(
            "{}: action '{}' is not {phase} action ({})",
            source.entry_point(),
            op.action.clause_name(),
            source.origin()
        ));
    }
    fatal(error.message(&source.origin_of(op)))
}

#[cfg(test)]
#[path = "runtime_tests.rs"]
mod tests;
