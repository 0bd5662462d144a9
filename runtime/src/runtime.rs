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

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::compute_events;
use crate::device::{self, device_type, perform, Device, DeviceKind, Launch};
use crate::env::{self, Config};
use crate::error::{fail, fatal, internal, warning, ErrorCode, Origin, SourceLoc};
use crate::gpu::Gpu;
use crate::queue::{QueueId, ASYNC_DEFAULT, ASYNC_NOVAL, ASYNC_SYNC};
use crate::table::{Action, DataOp, Flags, PresentTable, TableError, TableErrorKind, Transfer};
use crate::trace::{self, Construct, Detail, Event, EventKind, Place, Trace};

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
    /// One slot per NVIDIA device, created when first asked for.
    nvidia: OnceLock<Vec<Arc<DeviceSlot>>>,
    /// One slot per AMD device, created when first asked for.
    radeon: OnceLock<Vec<Arc<DeviceSlot>>>,
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
            host: Arc::new(DeviceSlot::new(device::create(DeviceKind::Host, 1))),
            multicore: Arc::new(DeviceSlot::new(device::create(
                DeviceKind::Multicore,
                config.num_cores,
            ))),
            nvidia: OnceLock::new(),
            radeon: OnceLock::new(),
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
        crate::prof::initialize();
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
            DeviceKind::Nvidia | DeviceKind::Radeon => {
                let slots = self.gpu_slots(kind);
                match slots
                    .get(usize::try_from(num).unwrap_or(0))
                    .or(slots.first())
                {
                    Some(slot) => slot,
                    None => {
                        let gpu = match kind {
                            DeviceKind::Radeon => Gpu::Radeon,
                            _ => Gpu::Nvidia,
                        };
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
        let create = |count: Result<i32, String>, device: fn(i32) -> crate::gpudev::GpuDevice| {
            (0..count.unwrap_or(0))
                .map(|ordinal| Arc::new(DeviceSlot::new(Arc::new(device(ordinal)))))
                .collect()
        };
        match kind {
            DeviceKind::Radeon => self
                .radeon
                .get_or_init(|| create(crate::hip::device_count(), crate::hip::device)),
            _ => self
                .nvidia
                .get_or_init(|| create(crate::cuda::device_count(), crate::cuda::device)),
        }
    }

    /// How many devices of `kind` exist.
    fn count_of(&self, kind: DeviceKind) -> i32 {
        match kind {
            DeviceKind::Host | DeviceKind::Multicore => 1,
            DeviceKind::Nvidia | DeviceKind::Radeon => self.gpu_slots(kind).len() as i32,
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
        let slots = [runtime.nvidia.get(), runtime.radeon.get()];
        for slot in slots.into_iter().flatten().flatten() {
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

    /// The device kind `dev_type` (an `acc_device_t`) selects for `init`, `set`, `shutdown`
    /// and `acc_set_device_type`/`acc_set_device_num`: `None` for a GPU type that cannot run
    /// here, with a warning saying why ([`crate::gpu`]), once per type, and the caller leaves
    /// the selection as it is. OpenACC 3.3 leaves an unavailable type to the implementation
    /// (§2.14.1, §3.2.2); like GCC's runtime, and so that a program written for a GPU still
    /// runs where there is none, this is no error. Invalid values are errors.
    pub fn kind_for_selection(&self, dev_type: i32, origin: &Origin) -> Option<DeviceKind> {
        let kind = match dev_type {
            device_type::HOST => DeviceKind::Host,
            device_type::NOT_HOST if self.initial.kind.is_gpu() => self.initial.kind,
            device_type::MULTICORE | device_type::NOT_HOST => DeviceKind::Multicore,
            device_type::DEFAULT => self.initial.kind,
            device_type::NVIDIA if self.count_of(DeviceKind::Nvidia) > 0 => DeviceKind::Nvidia,
            device_type::RADEON if self.count_of(DeviceKind::Radeon) > 0 => DeviceKind::Radeon,
            _ => match Gpu::from_device_type(dev_type) {
                Some(gpu) => {
                    static WARNED: Mutex<Vec<i32>> = Mutex::new(Vec::new());
                    let mut warned = lock(&WARNED);
                    if !warned.contains(&dev_type) {
                        warned.push(dev_type);
                        crate::error::warning(format!(
                            "acc_device_{} is not available ({origin}): {}; the program goes on with the {} device",
                            gpu.name(),
                            gpu.unavailable_reason(),
                            self.current_kind().name()
                        ));
                    }
                    return None;
                }
                None => self.fail_at(
                    ErrorCode::InvalidArgument,
                    origin,
                    format!("invalid device type {dev_type} ({origin})"),
                ),
            },
        };
        Some(kind)
    }

    /// The device kind `dev_type` names for a query (`None`: no such device here).
    pub fn kind_of(&self, dev_type: i32) -> Option<DeviceKind> {
        match dev_type {
            device_type::HOST => Some(DeviceKind::Host),
            device_type::NOT_HOST if self.initial.kind.is_gpu() => Some(self.initial.kind),
            device_type::MULTICORE | device_type::NOT_HOST => Some(DeviceKind::Multicore),
            device_type::DEFAULT => Some(self.initial.kind),
            device_type::NVIDIA if self.count_of(DeviceKind::Nvidia) > 0 => {
                Some(DeviceKind::Nvidia)
            }
            device_type::RADEON if self.count_of(DeviceKind::Radeon) > 0 => {
                Some(DeviceKind::Radeon)
            }
            _ => None,
        }
    }

    /// How many devices of type `dev_type` exist.
    pub fn num_devices(&self, dev_type: i32) -> i32 {
        match dev_type {
            device_type::HOST | device_type::MULTICORE => 1,
            device_type::NOT_HOST
            | device_type::DEFAULT
            | device_type::NVIDIA
            | device_type::RADEON => self.kind_of(dev_type).map_or(0, |kind| self.count_of(kind)),
            _ => 0,
        }
    }

    fn check_device_num(&self, kind: DeviceKind, num: i32, origin: &Origin) {
        let count = self.count_of(kind);
        if !(0..count).contains(&num) {
            let has = if count == 1 {
                "it has 1 device, number 0".to_string()
            } else {
                format!("it has {count} devices, numbers 0 to {}", count - 1)
            };
            self.fail_at(
                ErrorCode::DeviceUnavailable,
                origin,
                format!(
                    "invalid device number {num} for device type {} ({has}) ({origin})",
                    kind.name()
                ),
            );
        }
    }

    pub fn set_device_type(&self, dev_type: i32, origin: &Origin) {
        let Some(kind) = self.kind_for_selection(dev_type, origin) else {
            return;
        };
        let num = self.default_num(kind);
        self.select(|selection| {
            selection.kind = kind;
            selection.num = num;
        });
    }

    /// `acc_set_device_num`: a negative number selects the default device (0, or the rank's
    /// under a launcher).
    pub fn set_device_num(&self, num: i32, dev_type: i32, origin: &Origin) {
        let kind = if dev_type == device_type::NONE {
            self.current_kind()
        } else {
            match self.kind_for_selection(dev_type, origin) {
                Some(kind) => kind,
                None => return,
            }
        };
        let num = if num < 0 { self.default_num(kind) } else { num };
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
            n => self.fail_at(
                ErrorCode::InvalidAsync,
                origin,
                format!("invalid async argument {n} ({origin})"),
            ),
        };
        self.select(|selection| selection.default_async = value);
    }

    /// The queue an `async` argument names; `None` for synchronous work.
    pub fn queue_of(&self, async_arg: i32, origin: &Origin) -> Option<QueueId> {
        match async_arg {
            ASYNC_SYNC => None,
            ASYNC_NOVAL | ASYNC_DEFAULT => Some(self.selection().default_async),
            n if n >= 0 => Some(n),
            n => self.fail_at(
                ErrorCode::InvalidAsync,
                origin,
                format!("invalid async argument {n} ({origin})"),
            ),
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
    ///
    /// Events: a directive's enter/exit data or update start event; under the table lock the
    /// ops are applied and their steps recorded; after the lock the steps are reported (alloc,
    /// create, upload/download around each transfer, delete, free) and the transfers performed
    /// in order; then the end event, and for the exit of a compute construct its end event.
    pub fn data(
        &self,
        phase: Phase,
        ops: &[DataOp],
        async_arg: i32,
        waits: Waits,
        source: &Source,
    ) -> Vec<usize> {
        let place = source.place();
        let construct = source.construct(phase, ops);
        let slot = self.current_for(place, construct);
        let origin = source.origin();
        let queue = self.queue_of(async_arg, &origin);
        let base = Event::new(EventKind::EnterDataStart, place, slot.device.kind())
            .construct(construct)
            .on_queue(async_arg, queue);
        let region = match (source, phase) {
            (Source::Api(_), _) => None,
            (Source::Directive { .. }, Phase::Enter) => {
                Some((EventKind::EnterDataStart, EventKind::EnterDataEnd))
            }
            (Source::Directive { .. }, Phase::Exit) => {
                Some((EventKind::ExitDataStart, EventKind::ExitDataEnd))
            }
            (Source::Directive { .. }, Phase::Update) => {
                Some((EventKind::UpdateStart, EventKind::UpdateEnd))
            }
        };
        let compute = compute_events::compute_construct(source.loc());
        if let (Some((loc, construct)), Phase::Enter) = (compute, phase) {
            compute_events::begin(loc, construct, slot.device.kind(), async_arg, queue);
        }
        let region_pair = region.map(|(start, _)| trace::emit(&base.as_kind(start)));
        // A construct's `wait` clause is honoured at its entry (generated code repeats the list
        // for the launch and the exit, where it changes nothing): the wait events fire there,
        // and for enter data, exit data and update.
        let structured_exit =
            phase == Phase::Exit && (construct == Construct::Data || construct.is_compute());
        if waits != Waits::Nothing && !structured_exit {
            self.wait_events(&slot, queue, waits, &origin, base);
        } else {
            self.prepare(&slot, queue, waits, &origin);
        }
        // The data checker's description of the directive (`None` when it does not run).
        let checked_site = (crate::check::enabled() && slot.device.kind() == DeviceKind::Multicore)
            .then(|| crate::check::describe_site(source.loc(), source.entry_point()));
        if let Some(site) = &checked_site {
            crate::check::at_directive(site.clone());
            let global_scope = source
                .loc()
                .is_none_or(|loc| loc.func.as_deref().is_none_or(str::is_empty));
            if phase == Phase::Enter && construct == Construct::Declare && global_scope {
                // Kernels use a declared global through its symbol: its device copy is the
                // host variable itself (a declare in a function maps its data as any data
                // clause does: kernels receive the device address).
                let mut table = lock(&slot.table);
                for op in ops {
                    if crate::check::is_static(op.host) {
                        table.bind_global(op.host, op.bytes, op.host);
                    }
                }
            }
        }
        let mut devices = vec![0; ops.len()];
        let steps = match self.apply(&slot, phase, ops, &mut devices) {
            Ok(steps) => steps,
            Err((error, index)) => {
                let op = &ops[index];
                let event = base.implicit(op.flags.has(Flags::IMPLICIT));
                report(&error, op, phase, source, event)
            }
        };
        for step in steps {
            let op = match step {
                Step::Alloc { op, .. }
                | Step::Create { op }
                | Step::Transfer { op, .. }
                | Step::Delete { op } => &ops[op],
            };
            let name = op.name.as_deref();
            let data = base.implicit(op.flags.has(Flags::IMPLICIT));
            let detail = |bytes: usize, host: usize, device: usize| Detail::Data {
                name,
                bytes,
                host,
                device,
            };
            match step {
                Step::Alloc { device, bytes, .. } => {
                    trace::emit(
                        &data
                            .as_kind(EventKind::Alloc)
                            .detail(detail(bytes, 0, device)),
                    );
                }
                Step::Create { op: index } => {
                    if let Some(site) = &checked_site {
                        let data = match name {
                            Some(name) => format!("'{name}'"),
                            None => format!("the {} bytes at {:#x}", op.bytes, op.host),
                        };
                        let what = match source {
                            Source::Api(api) => format!("{data} ({api})"),
                            Source::Directive { .. } => format!(
                                "{data} ({} at {site})",
                                crate::error::clause_text(op.action, op.flags)
                            ),
                        };
                        crate::check::describe(devices[index], op.host, op.bytes, what);
                    }
                    let event = data.as_kind(EventKind::Create);
                    trace::emit(&event.detail(detail(op.bytes, op.host, devices[index])));
                }
                Step::Delete { op: index } => {
                    let event = data.as_kind(EventKind::Delete);
                    trace::emit(&event.detail(detail(op.bytes, op.host, devices[index])));
                }
                Step::Transfer { transfer, .. } => {
                    let (kinds, detail) = match transfer {
                        Transfer::CopyIn {
                            device,
                            host,
                            bytes,
                        } => (
                            Some((EventKind::EnqueueUploadStart, EventKind::EnqueueUploadEnd)),
                            detail(bytes, host, device),
                        ),
                        Transfer::CopyOut {
                            host,
                            device,
                            bytes,
                        } => (
                            Some((
                                EventKind::EnqueueDownloadStart,
                                EventKind::EnqueueDownloadEnd,
                            )),
                            detail(bytes, host, device),
                        ),
                        Transfer::Free { device, bytes } => {
                            let event = data.as_kind(EventKind::Free);
                            trace::emit(&event.detail(detail(bytes, 0, device)));
                            (None, Detail::Other)
                        }
                        Transfer::Zero { .. } | Transfer::WritePointer { .. } => {
                            (None, Detail::Other)
                        }
                    };
                    match kinds {
                        Some((start, end)) => {
                            let event = data.as_kind(start).detail(detail);
                            let pair = trace::emit(&event);
                            perform(&*slot.device, transfer, queue);
                            trace::emit(&event.end(end, pair));
                        }
                        None => perform(&*slot.device, transfer, queue),
                    }
                }
            }
        }
        if let (Some((_, end)), Some(pair)) = (region, region_pair) {
            trace::emit(&base.end(end, pair));
        }
        if let (Some((loc, _)), Phase::Exit) = (compute, phase) {
            compute_events::end(loc);
        }
        if checked_site.is_some() {
            for (op, &device) in ops.iter().zip(&devices) {
                if op.action == crate::table::Action::GetDeviceptr {
                    crate::check::expose(device);
                }
            }
        }
        devices
    }

    /// Applies the ops to the present table under its lock, fills `devices` and returns the
    /// steps to report and perform, or the first op's error (with its index; the lock is
    /// released before the error is reported, so that error callbacks may call the runtime).
    fn apply(
        &self,
        slot: &DeviceSlot,
        phase: Phase,
        ops: &[DataOp],
        devices: &mut [usize],
    ) -> Result<Vec<Step>, (TableError, usize)> {
        let mut steps = Vec::new();
        let mut table = lock(&slot.table);
        let device = &slot.device;
        let allocated = RefCell::new(Vec::new());
        let mut alloc = |bytes: usize| {
            let address = device.alloc(bytes);
            if let Some(address) = address {
                allocated.borrow_mut().push((address, bytes));
            }
            address
        };
        let mut transfers = Vec::new();
        let mut apply_one = |index: usize| {
            let op = &ops[index];
            let entries = table.len();
            let result = match phase {
                Phase::Enter => table.enter(op, &mut alloc, &mut transfers),
                Phase::Exit => table.exit(op, &mut transfers),
                Phase::Update => table.update(op, &mut transfers).map(|()| 0),
            };
            match result {
                Ok(address) => devices[index] = address,
                Err(error) => return Err((error, index)),
            }
            for (device, bytes) in allocated.borrow_mut().drain(..) {
                steps.push(Step::Alloc {
                    op: index,
                    device,
                    bytes,
                });
            }
            if table.len() > entries {
                steps.push(Step::Create { op: index });
            }
            let (frees, others): (Vec<Transfer>, Vec<Transfer>) = transfers
                .drain(..)
                .partition(|transfer| matches!(transfer, Transfer::Free { .. }));
            steps.extend(others.into_iter().map(|transfer| Step::Transfer {
                op: index,
                transfer,
            }));
            if table.len() < entries {
                steps.push(Step::Delete { op: index });
            }
            steps.extend(frees.into_iter().map(|transfer| Step::Transfer {
                op: index,
                transfer,
            }));
            Ok(())
        };
        let result = if phase == Phase::Exit {
            (0..ops.len()).rev().try_for_each(&mut apply_one)
        } else {
            (0..ops.len()).try_for_each(&mut apply_one)
        };
        drop(table);
        result.map(|()| steps)
    }

    /// `__accrt_skip`: the construct at `loc` does not run on the device because its `if`
    /// clause is false. It still has its region events (compute construct, enter/exit data,
    /// update), naming the host device and no async queue, without data events: `end` is false
    /// at the construct's start (and for enter data, exit data and update), true at its end.
    pub fn skip(&self, end: bool, loc: Option<&SourceLoc>) {
        let Some((loc, construct)) = loc.and_then(|loc| Some((loc, loc.construct?))) else {
            return;
        };
        if construct.is_compute() {
            if end {
                compute_events::end(loc);
            } else {
                compute_events::begin(loc, construct, DeviceKind::Host, ASYNC_SYNC, None);
            }
            return;
        }
        let (start, finish) = match (construct, end) {
            (Construct::Data, false) | (Construct::EnterData, _) => {
                (EventKind::EnterDataStart, EventKind::EnterDataEnd)
            }
            (Construct::Data, true) | (Construct::ExitData, _) => {
                (EventKind::ExitDataStart, EventKind::ExitDataEnd)
            }
            (Construct::Update, _) => (EventKind::UpdateStart, EventKind::UpdateEnd),
            _ => return,
        };
        let event =
            Event::new(start, Place::Directive(Some(loc)), DeviceKind::Host).construct(construct);
        let pair = trace::emit(&event);
        trace::emit(&event.end(finish, pair));
    }

    /// `__accrt_use_kernels`: whether compute constructs launch kernels on the current device.
    pub fn use_kernels(&self) -> bool {
        self.current().device.kind() != DeviceKind::Host
    }

    /// The host fallback of the compute construct at `loc` is about to run on the calling
    /// thread (its region was not offloaded): the device's queues finish first, so the host code
    /// runs after the work queued before it, as an `async` region would on its queue (the
    /// multicore device's queues run kernels on other threads). When the current device has its
    /// own memory, every present section is then copied to the host (but those in read-only
    /// memory, which cannot have changed), so the host code sees the device's data; attached
    /// pointers keep their host values on the host.
    /// [`Runtime::end_fallback`] copies everything back when the construct's data region ends.
    pub fn begin_fallback(&self, loc: usize) {
        let slot = self.current();
        slot.device.wait_all();
        if slot.device.shares_host_memory() {
            return;
        }
        if slot.device.kind() == DeviceKind::Multicore {
            crate::check::before_host_fallback();
        }
        let entries: Vec<(usize, usize, usize, Vec<usize>)> = lock(&slot.table)
            .entries()
            .map(|entry| {
                let pointers = entry.attachments.keys().copied().collect();
                (entry.host, entry.device, entry.bytes, pointers)
            })
            .collect();
        let mut attached = Vec::new();
        // Data in read-only host memory (a `const` table, a constant gfortran passes for a literal
        // or `parameter` argument) cannot have changed and cannot be written: it stays as it is.
        let read_only = crate::hostmem::read_only_ranges();
        for (host, device, bytes, pointers) in entries {
            if crate::hostmem::overlaps(&read_only, host, bytes) {
                continue;
            }
            let saved: Vec<usize> = pointers
                .iter()
                .map(|&at| crate::hostmem::read_pointer(at))
                .collect();
            slot.device.copy_out(host, device, bytes, None);
            for (&at, value) in pointers.iter().zip(saved) {
                attached.push((device + (at - host), crate::hostmem::read_pointer(at)));
                crate::hostmem::copy(at, &value as *const usize as usize, size_of::<usize>());
            }
        }
        lock(&self.fallbacks).insert(loc, attached);
    }

    /// The end of the host fallback [`Runtime::begin_fallback`] started at `loc` (nothing when
    /// none did): every present section goes back to the device, attached pointers with their
    /// device values.
    pub fn end_fallback(&self, loc: usize) {
        let Some(attached) = lock(&self.fallbacks).remove(&loc) else {
            return;
        };
        let slot = self.current();
        let entries: Vec<(usize, usize, usize)> = lock(&slot.table)
            .entries()
            .map(|entry| (entry.host, entry.device, entry.bytes))
            .collect();
        for (host, device, bytes) in entries {
            slot.device.copy_in(device, host, bytes, None);
        }
        for (location, value) in attached {
            slot.device.write_pointer(location, value, None);
        }
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

    /// Launches a kernel on the current device, between the enqueue launch events.
    pub fn launch(&self, mut launch: Launch, async_arg: i32, waits: Waits, source: &Source) {
        let trace = Trace::global();
        let place = source.place();
        let construct = source
            .loc()
            .and_then(|loc| loc.construct)
            .unwrap_or(Construct::Parallel);
        let slot = self.current_for(place, construct);
        guard_faults(&mut launch, source.loc(), slot.device.kind());
        let origin = source.origin();
        if let Some(reason) = slot.device.missing_kernel(&launch.name) {
            self.fail_at(
                ErrorCode::Execution,
                &origin,
                format!(
                    "{origin}: the region cannot run on the {} device: {reason}",
                    slot.device.kind().name()
                ),
            );
        }
        if crate::images::any_links() {
            // OpenACC 3.3 §2.13.3: a `declare link` variable must be mapped where device code
            // uses it; its device pointer is null otherwise.
            let unmapped = {
                let table = lock(&slot.table);
                crate::images::links_of(&launch.name)
                    .into_iter()
                    .find(|(host, _)| table.link_unmapped(*host))
            };
            if let Some((_, variable)) = unmapped {
                self.fail_at(
                    ErrorCode::NotPresent,
                    &origin,
                    format!(
                        "{origin}: variable '{variable}' in declare link is not present on the {} \
                         device: the region uses it, and no data clause maps it",
                        slot.device.kind().name()
                    ),
                );
            }
        }
        let queue = self.queue_of(async_arg, &origin);
        self.prepare(&slot, queue, waits, &origin);
        if crate::check::enabled() && slot.device.kind() == DeviceKind::Multicore {
            crate::check::at_directive(crate::check::describe_site(source.loc(), "a kernel"));
        }
        let name = launch.name.clone();
        let event = Event::new(EventKind::EnqueueLaunchStart, place, slot.device.kind())
            .construct(construct)
            .on_queue(async_arg, queue)
            .detail(Detail::Launch {
                kernel: &name,
                iterations: launch.iterations,
                num_gangs: launch.num_gangs,
                num_workers: launch.num_workers,
                vector_length: launch.vector_length,
            });
        let pair = trace::emit(&event);
        let started = std::time::Instant::now();
        // Timed from the host (devices without GPU events): a callback queued just before the
        // kernel notes when the work queued before it is done, so that an `async` kernel's time
        // is its own and not also its wait behind the kernels queued before it.
        let begun: Option<Arc<Mutex<Option<std::time::Instant>>>> =
            (trace.time && slot.device.shares_host_memory()).then(|| {
                let mark = Arc::new(Mutex::new(None));
                let set = Arc::clone(&mark);
                slot.device.host_callback(
                    queue,
                    Box::new(move || *lock(&set) = Some(std::time::Instant::now())),
                );
                mark
            });
        let timer = if trace.time {
            slot.device.launch_timed(launch, queue)
        } else {
            slot.device.launch(launch, queue);
            None
        };
        trace::emit(&event.end(EventKind::EnqueueLaunchEnd, pair));
        if let Some(timer) = timer {
            // Timed on the device (GPU events around the kernel): read later, never in a
            // host callback.
            trace.timed_launch(source.loc(), timer);
        } else if trace.time {
            // Timed from the host: from the end of the work queued before the kernel (else
            // from the launch) to the end of the kernel.
            let loc = source.loc().cloned();
            slot.device.host_callback(
                queue,
                Box::new(move || {
                    let from = begun.and_then(|mark| lock(&mark).take()).unwrap_or(started);
                    Trace::global().record(loc.as_ref(), |stats| {
                        stats.launches += 1;
                        stats.kernel_time += from.elapsed();
                    });
                }),
            );
        }
    }

    /// The `wait` directive and `acc_wait*`: with `async_arg` synchronous, blocks; otherwise
    /// makes that queue wait. Between the wait events.
    pub fn wait(&self, waits: Waits, async_arg: i32, origin: &Origin) {
        let place = place_of(origin);
        let construct = match place {
            Place::Api(_) => Construct::RuntimeApi,
            Place::Directive(_) => Construct::Wait,
        };
        let slot = self.current_for(place, construct);
        let queue = self.queue_of(async_arg, origin);
        let queues = self.wait_list(waits, origin);
        let event = Event::new(EventKind::WaitStart, place, slot.device.kind())
            .construct(construct)
            .on_queue(async_arg, queue)
            .detail(Detail::Wait { queues: &queues });
        let pair = trace::emit(&event);
        self.prepare(&slot, queue, waits, origin);
        trace::emit(&event.end(EventKind::WaitEnd, pair));
    }

    /// Honours the `wait` clause `waits` of a directive (whose events `base` describes) between
    /// wait events.
    fn wait_events(
        &self,
        slot: &DeviceSlot,
        queue: Option<QueueId>,
        waits: Waits,
        origin: &Origin,
        base: Event,
    ) {
        let queues = self.wait_list(waits, origin);
        let event = base
            .as_kind(EventKind::WaitStart)
            .detail(Detail::Wait { queues: &queues });
        let pair = trace::emit(&event);
        self.prepare(slot, queue, waits, origin);
        trace::emit(&event.end(EventKind::WaitEnd, pair));
    }

    /// The `queue=` text of a wait list in `ACCC_NOTIFY` lines (empty when not printed).
    fn wait_list(&self, waits: Waits, origin: &Origin) -> String {
        if !Trace::global().wants(trace::WAIT) {
            return String::new();
        }
        match waits {
            Waits::Nothing => String::new(),
            Waits::All => "all".to_string(),
            Waits::Queues(list) => list
                .iter()
                .map(|&arg| trace::queue_name(self.queue_of(arg, origin)))
                .collect::<Vec<_>>()
                .join(","),
        }
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
        let slot = self.current();
        let names = if Trace::global().wants(trace::WAIT) {
            queues
                .iter()
                .map(|&queue| trace::queue_name(Some(queue)))
                .collect::<Vec<_>>()
                .join(",")
        } else {
            String::new()
        };
        let event = Event::new(EventKind::WaitStart, place_of(origin), slot.device.kind())
            .construct(construct_of(origin))
            .detail(Detail::Wait { queues: &names });
        let pair = trace::emit(&event);
        let found = slot.device.wait_any(&queues);
        trace::emit(&event.end(EventKind::WaitEnd, pair));
        match found {
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
            match self.kind_for_selection(dev_type, origin) {
                Some(kind) => kind,
                None => return,
            }
        };
        if num >= 0 {
            self.check_device_num(kind, num, origin);
        }
        self.select(|selection| selection.kind = kind);
        let place = place_of(origin);
        let construct = match place {
            Place::Api(_) => Construct::RuntimeApi,
            Place::Directive(_) => Construct::Init,
        };
        self.start(&self.slot(kind), place, construct, false);
    }

    /// `shutdown` / `acc_shutdown`: finishes the device's queued work and drops its present
    /// table (data still present is released, as after a final exit).
    pub fn shutdown(&self, dev_type: i32, num: i32, origin: &Origin) {
        let kind = if dev_type < 0 {
            self.current_kind()
        } else {
            match self.kind_for_selection(dev_type, origin) {
                Some(kind) => kind,
                None => return,
            }
        };
        if num >= 0 {
            self.check_device_num(kind, num, origin);
        }
        let slot = self.slot(kind);
        let started = slot.started.swap(false, Ordering::AcqRel);
        let place = place_of(origin);
        let construct = match place {
            Place::Api(_) => Construct::RuntimeApi,
            Place::Directive(_) => Construct::Shutdown,
        };
        let event = Event::new(EventKind::DeviceShutdownStart, place, kind).construct(construct);
        let pair = started.then(|| trace::emit(&event));
        slot.device.wait_all();
        slot.device.release_scratch();
        let mut transfers = Vec::new();
        lock(&slot.table).clear(&mut transfers);
        self.perform_all(&slot, transfers, None);
        if let Some(pair) = pair {
            trace::emit(&event.end(EventKind::DeviceShutdownEnd, pair));
        }
    }

    /// `acc_malloc`: device memory (0 when it cannot be allocated or `bytes` is 0).
    pub fn malloc(&self, bytes: usize) -> usize {
        if bytes == 0 {
            return 0;
        }
        let place = Place::Api("acc_malloc");
        let slot = self.current_for(place, Construct::RuntimeApi);
        match slot.device.alloc_unpooled(bytes) {
            Some(address) => {
                lock(&slot.allocations).insert(address, bytes);
                let event = Event::new(EventKind::Alloc, place, slot.device.kind());
                trace::emit(&event.detail(Detail::Data {
                    name: None,
                    bytes,
                    host: 0,
                    device: address,
                }));
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
        let removed = lock(&slot.allocations).remove(&address);
        let Some(bytes) = removed else {
            self.fail_at(
                ErrorCode::InvalidArgument,
                &Origin::Api("acc_free"),
                format!(
                    "acc_free: {address:#x} is not an address acc_malloc returned, or it was \
                     freed already"
                ),
            );
        };
        let event = Event::new(EventKind::Free, Place::Api("acc_free"), slot.device.kind());
        trace::emit(&event.detail(Detail::Data {
            name: None,
            bytes,
            host: 0,
            device: address,
        }));
        slot.device.free(address, None);
    }

    /// `acc_map_data`: an `acc_ev_create` event reports the new present-table entry.
    pub fn map_data(&self, host: usize, device: usize, bytes: usize) {
        let slot = self.current();
        let mut transfers = Vec::new();
        let result = lock(&slot.table).map(host, device, bytes, &mut transfers);
        if let Err(error) = result {
            let origin = Origin::Api("acc_map_data");
            self.fail_at(error.code(), &origin, error.message(&origin));
        }
        // A `declare link` variable's device pointer now reaches the mapped memory.
        self.perform_all(&slot, transfers, None);
        if host != 0 && bytes != 0 {
            let event = Event::new(
                EventKind::Create,
                Place::Api("acc_map_data"),
                slot.device.kind(),
            );
            trace::emit(&event.detail(Detail::Data {
                name: None,
                bytes,
                host,
                device,
            }));
        }
    }

    /// `acc_unmap_data`: an `acc_ev_delete` event reports the entry removed.
    pub fn unmap_data(&self, host: usize) {
        let slot = self.current();
        let mut transfers = Vec::new();
        let result = lock(&slot.table).unmap(host, &mut transfers);
        // A `declare link` variable's device pointer no longer reaches the unmapped memory.
        self.perform_all(&slot, transfers, None);
        match result {
            Err(error) => {
                let origin = Origin::Api("acc_unmap_data");
                self.fail_at(error.code(), &origin, error.message(&origin));
            }
            Ok(Some((bytes, device))) => {
                let event = Event::new(
                    EventKind::Delete,
                    Place::Api("acc_unmap_data"),
                    slot.device.kind(),
                );
                trace::emit(&event.detail(Detail::Data {
                    name: None,
                    bytes,
                    host,
                    device,
                }));
            }
            Ok(None) => {}
        }
    }

    pub fn deviceptr(&self, host: usize) -> usize {
        let slot = self.current();
        let address = lock(&slot.table).device_address(host);
        address.unwrap_or(0)
    }

    /// [`PresentTable::device_address_within`] on the current device; 0 when nothing of the
    /// object is present.
    pub fn deviceptr_within(&self, host: usize, bytes: usize) -> usize {
        let slot = self.current();
        let address = lock(&slot.table).device_address_within(host, bytes);
        address.unwrap_or(0)
    }

    /// [`Runtime::deviceptr_within`] for the kernel argument of variable `name`: a runtime
    /// error when its present parts are separate device copies that no single base address
    /// reaches ([`PresentTable::split_sections`]).
    pub fn deviceptr_of(&self, host: usize, bytes: usize, name: Option<&str>) -> usize {
        let slot = self.current();
        let (address, split) = {
            let table = lock(&slot.table);
            (
                table.device_address_within(host, bytes),
                table.split_sections(host, bytes),
            )
        };
        if !split.is_empty() {
            let sections: Vec<String> = split
                .iter()
                .map(|(start, length)| format!("{} bytes at {:#x}", length, start))
                .collect();
            crate::error::fatal(format!(
                "{} is used by a compute construct but is present on the device as {} separate sections ({}); a kernel reaches a variable through one device address, so map it (or one section covering every part the construct uses) as one object, or name the part the construct uses in a data clause of the construct",
                crate::error::describe_data(name, host, bytes),
                split.len(),
                sections.join(", ")
            ));
        }
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
        let place = Place::Api(api);
        let device = &self.current_for(place, Construct::RuntimeApi).device;
        let (host, device_address, kinds) = match kind {
            MemcpyKind::ToDevice => (
                source,
                destination,
                Some((EventKind::EnqueueUploadStart, EventKind::EnqueueUploadEnd)),
            ),
            MemcpyKind::FromDevice => (
                destination,
                source,
                Some((
                    EventKind::EnqueueDownloadStart,
                    EventKind::EnqueueDownloadEnd,
                )),
            ),
            MemcpyKind::DeviceToDevice => (0, destination, None),
        };
        let event = kinds.map(|(start, end)| {
            let event = Event::new(start, place, device.kind())
                .on_queue(async_arg, queue)
                .detail(Detail::Data {
                    name: None,
                    bytes,
                    host,
                    device: device_address,
                });
            (event, end, trace::emit(&event))
        });
        match kind {
            MemcpyKind::ToDevice => device.copy_in(destination, source, bytes, queue),
            MemcpyKind::FromDevice => device.copy_out(destination, source, bytes, queue),
            MemcpyKind::DeviceToDevice => device.copy_device(destination, source, bytes, queue),
        }
        if let Some((event, end, pair)) = event {
            trace::emit(&event.end(end, pair));
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
            let found = {
                let table = lock(&slot.table);
                table
                    .is_present(host, bytes)
                    .then(|| table.device_address(host).unwrap_or(host))
            };
            match found {
                Some(device) => device,
                None => self.fail_at(
                    ErrorCode::NotPresent,
                    &origin,
                    format!(
                        "{} is not present on the device ({origin})",
                        crate::error::describe_data(None, host, bytes)
                    ),
                ),
            }
        };
        let (to, from) = (translate(destination), translate(source));
        slot.device.copy_device(to, from, bytes, queue);
    }
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
#[path = "runtime_tests.rs"]
mod tests;
