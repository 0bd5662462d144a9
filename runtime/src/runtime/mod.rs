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
//! `impl Runtime` is split by subject: this module holds the state, the devices and the current
//! device; [`selection`] the selection ICVs and init/shutdown/set, [`data`] the data actions
//! and host fallbacks, [`launch`] kernel launches, [`queues`] waits and tests, [`memory`] the
//! memory routines outside the present table's clauses.
//!
//! The selection ICVs (`acc-current-device-type-var`, `acc-current-device-num-var`,
//! `acc-default-async-var`) are per host thread, as OpenACC 3.3 §2.3 has them; each thread
//! starts from the environment's values. The present tables and queues belong to the devices
//! and are shared by every thread.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::compute_events;
use crate::device::{self, device_type, perform, Device, DeviceKind, Launch};
use crate::env::{self, Config};
use crate::error::{fatal, internal, warning, ErrorCode, Origin, SourceLoc};
use crate::gpu::Gpu;
use crate::queue::{QueueId, ASYNC_DEFAULT, ASYNC_NOVAL, ASYNC_SYNC};
use crate::table::{Action, DataOp, Flags, PresentTable, TableError, TableErrorKind, Transfer};
use crate::trace::fail;
use crate::trace::{self, Construct, Detail, Event, EventKind, Place, Trace};

mod data;
mod launch;
mod memory;
mod queues;
mod selection;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A device with its present table and the live `acc_malloc` allocations.
#[derive(Debug)]
pub struct DeviceSlot {
    pub device: Arc<dyn Device>,
    pub table: Mutex<PresentTable>,
    allocations: Mutex<HashMap<usize, usize>>,
    /// Set when the device is first used (or `acc_init`), cleared by `acc_shutdown`: the
    /// device init and shutdown events fire on these transitions.
    started: AtomicBool,
    /// A device in host memory: its free memory when first asked for (see
    /// [`DeviceSlot::free_memory`]).
    free_baseline: OnceLock<usize>,
}

impl DeviceSlot {
    fn new(device: Arc<dyn Device>) -> DeviceSlot {
        let table = PresentTable::new(device.shares_host_memory());
        DeviceSlot {
            device,
            table: Mutex::new(table),
            allocations: Mutex::new(HashMap::new()),
            started: AtomicBool::new(false),
            free_baseline: OnceLock::new(),
        }
    }

    /// `acc_property_free_memory`. A GPU reports its own; a device in host memory (host,
    /// multicore) has the memory available when first asked for, less what `acc_malloc` holds
    /// now, so that an allocation lowers it by its size as on a GPU (the host's own reading
    /// moves with everything else the system does, and pages count only once touched).
    pub fn free_memory(&self) -> usize {
        let reported = self.device.properties().free_memory;
        if !self.device.shares_host_memory() {
            return reported;
        }
        let baseline = *self.free_baseline.get_or_init(|| reported);
        let held: usize = lock(&self.allocations).values().sum();
        baseline.saturating_sub(held)
    }
}

/// One step of a data directive, recorded under the present-table lock and reported (and, for
/// transfers, performed) after it is released, so that callbacks never run under the lock.
#[derive(Debug)]
enum Step {
    /// The table allocated device memory for op `op`.
    Alloc {
        op: usize,
        device: usize,
        bytes: usize,
    },
    /// Op `op` created a table entry.
    Create { op: usize },
    /// A transfer op `op` asked for.
    Transfer { op: usize, transfer: Transfer },
    /// Op `op` removed a table entry.
    Delete { op: usize },
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

    pub fn loc(&self) -> Option<&SourceLoc> {
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

    /// The `parent_construct` of the events of a data directive: the construct generated code
    /// names in `__accrt_loc` (a compute construct for its data region). Without one, it is
    /// inferred from the ops: `use_device` ops make a host_data construct, ops that all use the
    /// dynamic counter an enter/exit data directive, anything else a data construct.
    fn construct(&self, phase: Phase, ops: &[DataOp]) -> Construct {
        if let Source::Api(_) = self {
            return Construct::RuntimeApi;
        }
        if let Some(construct) = self.loc().and_then(|loc| loc.construct) {
            return construct;
        }
        let dynamic = !ops.is_empty() && ops.iter().all(|op| !op.flags.has(Flags::STRUCTURED));
        match phase {
            Phase::Update => Construct::Update,
            _ if ops.iter().any(|op| op.action == Action::GetDeviceptr) => Construct::HostData,
            Phase::Enter if dynamic => Construct::EnterData,
            Phase::Exit if dynamic => Construct::ExitData,
            _ => Construct::Data,
        }
    }
}

/// The `parent_construct` of events (errors, waits) of work asked for by `origin`.
fn construct_of(origin: &Origin) -> Construct {
    let named = match origin {
        Origin::Clause { loc, .. } | Origin::Directive { loc, .. } => {
            loc.as_ref().and_then(|loc| loc.construct)
        }
        Origin::Api(_) => None,
    };
    if let Some(construct) = named {
        return construct;
    }
    match origin {
        Origin::Api(_) => Construct::RuntimeApi,
        Origin::Clause { .. } => Construct::Data,
        Origin::Directive { what, .. } => match *what {
            "wait directive" => Construct::Wait,
            "init directive" => Construct::Init,
            "shutdown directive" => Construct::Shutdown,
            "set directive" => Construct::Set,
            "kernel launch" => Construct::Parallel,
            "__accrt_update" => Construct::Update,
            _ => Construct::Data,
        },
    }
}

/// Where the events of work asked for by `origin` come from.
fn place_of(origin: &Origin) -> Place<'_> {
    match origin {
        Origin::Api(name) => Place::Api(name),
        Origin::Directive { loc, .. } | Origin::Clause { loc, .. } => {
            Place::Directive(loc.as_ref())
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
    /// One slot per device of each GPU type ([`Gpu::ALL`], by [`Gpu::index`]), created when
    /// the type is first asked for.
    gpus: [OnceLock<Vec<Arc<DeviceSlot>>>; Gpu::ALL.len()],
    /// The rank's place on its node: its GPU of each type, unless `ACC_DEVICE_NUM` was set.
    placement: Option<crate::placement::Placement>,
    /// Host fallbacks running on a device with its own memory, by their `__accrt_loc` address:
    /// the device pointers of attached locations, restored when the fallback ends.
    fallbacks: Mutex<HashMap<usize, Vec<(usize, usize)>>>,
}

/// The process-wide runtime ([`Runtime::global`]).
static RUNTIME: OnceLock<Runtime> = OnceLock::new();

impl Runtime {
    pub fn new(config: &Config) -> Runtime {
        Runtime {
            id: NEXT_RUNTIME_ID.fetch_add(1, Ordering::Relaxed),
            initial: Selection {
                kind: config.device,
                num: config.device_num,
                default_async: ASYNC_NOVAL,
            },
            host: Arc::new(DeviceSlot::new(create_device(DeviceKind::Host, 1))),
            multicore: Arc::new(DeviceSlot::new(create_device(
                DeviceKind::Multicore,
                config.num_cores,
            ))),
            gpus: Gpu::ALL.map(|_| OnceLock::new()),
            placement: (!config.device_num_set).then(|| config.placement.clone()),
            fallbacks: Mutex::new(HashMap::new()),
        }
    }

    /// The device number a device type starts from when selected: the rank's GPU under a
    /// launcher (`local rank % devices`, unless `ACC_DEVICE_NUM` was set), else 0.
    fn default_num(&self, kind: DeviceKind) -> i32 {
        match &self.placement {
            Some(placement) if kind.is_gpu() => placement.default_device(self.count_of(kind)),
            _ => 0,
        }
    }

    /// The process-wide runtime, configured from the environment on first use; the profiling
    /// tools are loaded before anything else happens.
    ///
    /// An unusable `ACC_DEVICE_TYPE` stops the program here, before the profiling tools are
    /// loaded and before the exit handler that would need the runtime is registered.
    pub fn global() -> &'static Runtime {
        static CONFIG: OnceLock<Config> = OnceLock::new();
        let config = CONFIG.get_or_init(env::from_environment);
        if let Some(error) = &config.error {
            fatal(error.message());
        }
        crate::prof::initialize(runtime_shutdown);
        RUNTIME.get_or_init(|| {
            for message in &config.warnings {
                warning(message);
            }
            if let Some(note) = config.note.as_ref().filter(|_| Trace::global().notify != 0) {
                // One write, newline included: other ranks write to the same stream.
                let line = format!("{note}\n");
                eprint!("{line}");
            }
            Runtime::new(config)
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

    /// The slot of the current device number of `kind` (0 for the host devices).
    pub fn slot(&self, kind: DeviceKind) -> Arc<DeviceSlot> {
        self.slot_num(kind, self.selection().num)
    }

    /// The slot of device `num` of `kind` (device 0 when there is no such device).
    pub fn slot_num(&self, kind: DeviceKind, num: i32) -> Arc<DeviceSlot> {
        Arc::clone(match kind {
            DeviceKind::Host => &self.host,
            DeviceKind::Multicore => &self.multicore,
            gpu_kind => {
                let slots = self.gpu_slots(gpu_kind);
                match slots
                    .get(usize::try_from(num).unwrap_or(0))
                    .or(slots.first())
                {
                    Some(slot) => slot,
                    None => {
                        let gpu = Gpu::of_kind(gpu_kind).unwrap_or(Gpu::Nvidia);
                        fatal(format!(
                            "no {} device is available: {}",
                            gpu.name(),
                            gpu.unavailable_reason()
                        ))
                    }
                }
            }
        })
    }

    /// The devices of GPU type `kind` (none when its vendor library cannot be used).
    fn gpu_slots(&self, kind: DeviceKind) -> &[Arc<DeviceSlot>] {
        let Some(gpu) = Gpu::of_kind(kind) else {
            return &[];
        };
        self.gpus[gpu.index()].get_or_init(|| {
            (0..gpu.device_count().unwrap_or(0))
                .map(|ordinal| Arc::new(DeviceSlot::new(Arc::new(gpu.device(ordinal)))))
                .collect()
        })
    }

    /// How many devices of `kind` exist.
    fn count_of(&self, kind: DeviceKind) -> i32 {
        match Gpu::of_kind(kind) {
            None => 1,
            Some(_) => self.gpu_slots(kind).len() as i32,
        }
    }

    /// The current device of the calling thread, started if this is its first use.
    pub fn current(&self) -> Arc<DeviceSlot> {
        self.current_for(Place::Api("acc runtime"), Construct::RuntimeApi)
    }

    /// [`Runtime::current`] for work that comes from `place` (where a device init event says it
    /// comes from).
    fn current_for(&self, place: Place, construct: Construct) -> Arc<DeviceSlot> {
        let slot = self.slot(self.selection().kind);
        self.start(&slot, place, construct, true);
        slot
    }

    /// Starts a device on its first use (`implicit`) or for `init` (or after a shutdown),
    /// between the device init events.
    fn start(&self, slot: &DeviceSlot, place: Place, construct: Construct, implicit: bool) {
        if slot.started.load(Ordering::Acquire) || slot.started.swap(true, Ordering::AcqRel) {
            return;
        }
        let event = Event::new(EventKind::DeviceInitStart, place, slot.device.kind())
            .construct(construct)
            .implicit(implicit);
        let pair = trace::emit(&event);
        slot.device.init();
        self.bind_globals(slot);
        trace::emit(&event.end(EventKind::DeviceInitEnd, pair));
    }

    /// Enters the device copies of declared globals that the registered images define into
    /// the slot's present table (see [`crate::table::PresentTable::bind_global`]), moving the data of an
    /// entry made before the image was known to the image's copy.
    ///
    /// Order: the link step registers the images from a constructor that runs before the
    /// program's own (priority 101), so when a global `declare`'s constructor first uses the
    /// device, this runs at its start and the declare's entry is created on the module's
    /// global (its `copyin` copies the initial value there). An image registered after the
    /// device started (a shared library loaded later) is bound by
    /// [`Runtime::image_registered`], moving any entry already made for its globals.
    fn bind_globals(&self, slot: &DeviceSlot) {
        let globals = slot.device.module_globals();
        let links = slot.device.module_links();
        if !links.is_empty() {
            let mut transfers = Vec::new();
            {
                let mut table = lock(&slot.table);
                for &(host, bytes, pointer) in &links {
                    table.bind_link(host, bytes, pointer, &mut transfers);
                }
            }
            self.perform_all(slot, transfers, None);
        }
        if globals.is_empty() {
            return;
        }
        let mut moved = Vec::new();
        {
            let mut table = lock(&slot.table);
            for &(host, bytes, device) in &globals {
                if let Some(old) = table.bind_global(host, bytes, device) {
                    moved.push((old, bytes, device));
                }
            }
        }
        for (old, bytes, device) in moved {
            slot.device.copy_device(device, old, bytes, None);
            slot.device.free(old, None);
        }
    }

    /// `__accrt_register_image` registered an image: the devices already started bind its
    /// globals now (nothing when the runtime or no device has started yet).
    pub fn image_registered() {
        let Some(runtime) = RUNTIME.get() else {
            return;
        };
        for slot in runtime.gpus.iter().filter_map(OnceLock::get).flatten() {
            if slot.started.load(Ordering::Acquire) {
                runtime.bind_globals(slot);
            }
        }
    }

    pub fn current_kind(&self) -> DeviceKind {
        self.selection().kind
    }

    /// Stops the program for an error in work that `origin` asked for, after the `acc_ev_error`
    /// event ([`fail`]).
    pub fn fail_at(&self, code: ErrorCode, origin: &Origin, message: impl std::fmt::Display) -> ! {
        let event = Event::new(EventKind::Error, place_of(origin), self.current_kind())
            .construct(construct_of(origin));
        fail(code, event, message)
    }
}

/// Creates the device of `kind` with `threads` pool threads.
fn create_device(kind: DeviceKind, threads: usize) -> Arc<dyn Device> {
    match kind {
        DeviceKind::Host => Arc::new(device::SharedMemoryDevice::host()),
        DeviceKind::Multicore if crate::check::enabled() => crate::check::device(threads),
        DeviceKind::Multicore => Arc::new(device::SharedMemoryDevice::multicore(threads)),
        gpu_kind => match Gpu::of_kind(gpu_kind) {
            Some(gpu) => Arc::new(gpu.device(0)),
            None => internal(format!("no GPU type for device kind {}", kind.name())),
        },
    }
}

/// The `acc_ev_runtime_shutdown` event, at exit.
extern "C" fn runtime_shutdown() {
    crate::error::guard("runtime shutdown", || {
        let device = Runtime::global().current_kind();
        crate::trace::emit(&Event::new(
            EventKind::RuntimeShutdown,
            Place::Api("exit"),
            device,
        ));
    })
}

/// Makes a fault in the kernel's code (its chunks and its reduction finish) end the program with
/// a message naming the kernel and the construct's location ([`crate::fault`]).
fn guard_faults(launch: &mut Launch, loc: Option<&SourceLoc>, device: DeviceKind) {
    let message: Arc<[u8]> = crate::fault::message(&launch.name, loc, device.name()).into();
    let body = Arc::clone(&launch.body);
    let chunk_message = Arc::clone(&message);
    launch.body = Arc::new(move |begin, end, slot| {
        crate::fault::guard(&chunk_message, || body(begin, end, slot));
    });
    if let Some(finish) = launch.finish.take() {
        launch.finish = Some(Box::new(move |slots| {
            crate::fault::guard(&message, || finish(slots));
        }));
    }
}

/// Which way `Runtime::memcpy` copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemcpyKind {
    ToDevice,
    FromDevice,
    DeviceToDevice,
}

/// Prints `accrt: warning: <message>` the first time the message comes.
pub(super) fn warn_once(message: String) {
    warn_once_for(message.clone(), message);
}

/// Prints `accrt: warning: <message>` the first time `key` comes (a directive's location, for
/// messages that also name addresses, which differ from call to call).
pub(super) fn warn_once_for(key: String, message: String) {
    static WARNED: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut warned = lock(&WARNED);
    if !warned.contains(&key) {
        crate::error::warning(&message);
        warned.push(key);
    }
}

/// Stops the program for a failed data action (`event`: the directive's events, for the
/// `acc_ev_error` event).
fn report(error: &TableError, op: &DataOp, phase: Phase, source: &Source, event: Event) -> ! {
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
    fail(error.code(), event, error.message(&source.origin_of(op)))
}

#[cfg(test)]
mod tests;
