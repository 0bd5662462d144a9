//! The device layer: the [`Device`] trait every execution target implements, and
//! [`SharedMemoryDevice`], the host and multicore devices.
//!
//! A device allocates and frees memory, moves bytes between host and device, launches kernels,
//! and owns its async queues. Every operation that can be asynchronous takes
//! `queue: Option<QueueId>`: `None` runs it on the calling thread before returning, `Some(id)`
//! appends it to that queue. The present table (in `runtime`) decides *what* to move; the device
//! only moves it. The GPU device ([`crate::gpudev`], for CUDA and HIP) implements the same trait
//! with device memory and streams.
//!
//! Shared-memory devices use host addresses as device addresses: a transfer between equal
//! addresses does nothing, but `acc_memcpy_*` between distinct buffers, zero fills and
//! `acc_malloc` are real. On the host device everything is synchronous (the compiler's host
//! fallback code runs on the calling thread, so async work has nothing to overlap with).

use std::fmt;
use std::sync::OnceLock;

use crate::error::ErrorCode;
use crate::hostmem;
use crate::pool::{Body, Pool};
use crate::queue::{QueueId, QueueJob, QueueSet};
use crate::table::Transfer;
use crate::trace::{Construct, Event, EventKind, Place};

pub use crate::kinds::{device_type, DeviceKind};
pub use crate::trace::KernelTimer;

/// A kernel launch, ready to run: `body` executes a chunk of iterations on a slot, then `finish`
/// gets the number of slots that ran (to combine reduction partials).
pub struct Launch {
    pub name: String,
    pub iterations: i64,
    pub num_gangs: i32,
    pub num_workers: i32,
    pub vector_length: i32,
    pub body: Body,
    pub finish: Option<Box<dyn FnOnce(usize) + Send>>,
    /// The kernel's functions and captured arguments, for devices that launch device code
    /// (`None` in the runtime's own tests, which launch closures).
    pub code: Option<crate::kernel::KernelCode>,
}

impl fmt::Debug for Launch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Launch")
            .field("name", &self.name)
            .field("iterations", &self.iterations)
            .field("num_gangs", &self.num_gangs)
            .finish_non_exhaustive()
    }
}

/// What `acc_get_property` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Properties {
    pub name: String,
    pub vendor: String,
    pub driver: String,
    pub memory: usize,
    pub free_memory: usize,
    pub shared_memory: bool,
}

/// An execution target.
pub trait Device: Send + Sync + fmt::Debug {
    fn kind(&self) -> DeviceKind;
    /// Whether device addresses are host addresses (no copies needed).
    fn shares_host_memory(&self) -> bool;
    /// How many slots a kernel launch may use (the size of per-slot partial arrays).
    fn num_threads(&self) -> usize;
    /// Starts what the device needs (threads, contexts); idempotent.
    fn init(&self);
    /// Frees the buffers the device keeps for kernel launches (the GPU scratch buffers of
    /// array reduction partials), at shutdown; the next launch that needs one allocates again.
    fn release_scratch(&self) {}
    fn alloc(&self, bytes: usize) -> Option<usize>;
    /// [`Device::alloc`] for memory the program holds itself (`acc_malloc`): never a block
    /// kept from an earlier free, and freed at once when freed, so that the device's free
    /// memory follows the program's allocations.
    fn alloc_unpooled(&self, bytes: usize) -> Option<usize> {
        self.alloc(bytes)
    }
    fn free(&self, device: usize, queue: Option<QueueId>);
    fn copy_in(&self, device: usize, host: usize, bytes: usize, queue: Option<QueueId>);
    fn copy_out(&self, host: usize, device: usize, bytes: usize, queue: Option<QueueId>);
    fn copy_device(&self, destination: usize, source: usize, bytes: usize, queue: Option<QueueId>);
    fn fill_zero(&self, device: usize, bytes: usize, queue: Option<QueueId>);
    /// Stores the pointer `value` at device address `location` (attach and detach).
    fn write_pointer(&self, location: usize, value: usize, queue: Option<QueueId>);
    fn launch(&self, launch: Launch, queue: Option<QueueId>);
    /// Launches as [`Device::launch`] does and times the kernel on the device itself (events
    /// recorded around it on its queue, `ACCC_TIME`); `None` where the device has no such
    /// timer, and the caller times the kernel from the host.
    fn launch_timed(&self, launch: Launch, queue: Option<QueueId>) -> Option<Box<dyn KernelTimer>> {
        self.launch(launch, queue);
        None
    }
    /// The device copies of declared globals the registered images define, loading the
    /// images that hold them: `(host, bytes, device)` each (none on devices that share host
    /// memory, where the host variable is the copy).
    fn module_globals(&self) -> Vec<(usize, usize, usize)> {
        Vec::new()
    }
    /// The device pointers of the registered images' `declare link` variables, loading the
    /// images that hold them: `(host, bytes, pointer)` each, the variable's host address and
    /// size and the pointer's device address (none on devices that share host memory).
    fn module_links(&self) -> Vec<(usize, usize, usize)> {
        Vec::new()
    }
    /// Why kernel `name` cannot be launched here (a GPU device without it in its image).
    fn missing_kernel(&self, _name: &str) -> Option<String> {
        None
    }
    /// Runs `job` on the host once everything before it on `queue` is done.
    fn host_callback(&self, queue: Option<QueueId>, job: QueueJob);
    fn wait(&self, queue: QueueId);
    fn wait_all(&self);
    fn test(&self, queue: QueueId) -> bool;
    fn test_all(&self) -> bool;
    /// Makes `waiter` wait for the work `waited` has now, without blocking the caller.
    fn join(&self, waiter: QueueId, waited: QueueId);
    fn join_all(&self, waiter: QueueId);
    fn wait_any(&self, queues: &[QueueId]) -> Option<usize>;
    fn properties(&self) -> Properties;
}

/// Performs one transfer the present table asked for. The host device copies nothing back to
/// the host: it runs every compute region's host code on the host's own data, so a device copy
/// mapped elsewhere (`acc_map_data` of `acc_malloc` memory) never holds a region's result, and
/// copying it back (`update self`, a copyout) would overwrite the region's work with stale data
/// (GCC's runtime moves nothing on its host device). Copies to the device copy still happen,
/// and so do `acc_memcpy_*`.
pub fn perform(device: &dyn Device, transfer: Transfer, queue: Option<QueueId>) {
    if device.kind() == DeviceKind::Host && matches!(transfer, Transfer::CopyOut { .. }) {
        return;
    }
    match transfer {
        Transfer::CopyIn {
            device: to,
            host,
            bytes,
        } => device.copy_in(to, host, bytes, queue),
        Transfer::CopyOut {
            host,
            device: from,
            bytes,
        } => device.copy_out(host, from, bytes, queue),
        Transfer::Zero { device: at, bytes } => device.fill_zero(at, bytes, queue),
        Transfer::Free { device: at, .. } => device.free(at, queue),
        Transfer::WritePointer { location, value } => device.write_pointer(location, value, queue),
    }
}

/// The host device (serial, synchronous) or the multicore device (a thread pool and real async
/// queues); both run in the host's memory.
#[derive(Debug)]
pub struct SharedMemoryDevice {
    kind: DeviceKind,
    threads: usize,
    pool: OnceLock<Pool>,
    queues: QueueSet,
}

impl SharedMemoryDevice {
    pub fn host() -> SharedMemoryDevice {
        SharedMemoryDevice {
            kind: DeviceKind::Host,
            threads: 1,
            pool: OnceLock::new(),
            queues: QueueSet::new(queue_thread_failed),
        }
    }

    pub fn multicore(threads: usize) -> SharedMemoryDevice {
        SharedMemoryDevice {
            kind: DeviceKind::Multicore,
            threads: threads.max(1),
            pool: OnceLock::new(),
            queues: QueueSet::new(queue_thread_failed),
        }
    }

    pub(crate) fn pool(&self) -> &Pool {
        self.pool.get_or_init(|| Pool::new(self.threads))
    }

    fn is_async(&self) -> bool {
        self.kind == DeviceKind::Multicore
    }

    /// Runs `job` now, or on `queue` when this device has real queues.
    pub(crate) fn run(&self, queue: Option<QueueId>, job: impl FnOnce() + Send + 'static) {
        match queue {
            Some(id) if self.is_async() => self.queues.enqueue(id, Box::new(job)),
            _ => job(),
        }
    }
}

/// No thread could be started for an async queue: an OpenACC error (`acc_error_system`).
fn queue_thread_failed(id: QueueId, error: &std::io::Error) -> ! {
    let event = Event::new(
        EventKind::Error,
        Place::Api("async queue"),
        DeviceKind::Multicore,
    )
    .construct(Construct::RuntimeApi);
    crate::trace::fail(
        ErrorCode::System,
        event,
        format!("cannot start a thread for async queue {id}: {error}"),
    )
}

impl Device for SharedMemoryDevice {
    fn kind(&self) -> DeviceKind {
        self.kind
    }

    fn shares_host_memory(&self) -> bool {
        true
    }

    fn num_threads(&self) -> usize {
        self.threads
    }

    fn init(&self) {
        if self.kind == DeviceKind::Multicore {
            self.pool();
        }
    }

    fn alloc(&self, bytes: usize) -> Option<usize> {
        hostmem::alloc(bytes)
    }

    fn free(&self, device: usize, queue: Option<QueueId>) {
        self.run(queue, move || hostmem::release(device));
    }

    fn copy_in(&self, device: usize, host: usize, bytes: usize, queue: Option<QueueId>) {
        if device != host {
            self.run(queue, move || hostmem::copy(device, host, bytes));
        }
    }

    fn copy_out(&self, host: usize, device: usize, bytes: usize, queue: Option<QueueId>) {
        if device != host {
            self.run(queue, move || hostmem::copy(host, device, bytes));
        }
    }

    fn copy_device(&self, destination: usize, source: usize, bytes: usize, queue: Option<QueueId>) {
        if destination != source {
            self.run(queue, move || hostmem::copy(destination, source, bytes));
        }
    }

    fn fill_zero(&self, device: usize, bytes: usize, queue: Option<QueueId>) {
        self.run(queue, move || hostmem::zero(device, bytes));
    }

    fn write_pointer(&self, _location: usize, _value: usize, _queue: Option<QueueId>) {
        // The pointer in host memory already holds the host (= device) address.
    }

    fn launch(&self, launch: Launch, queue: Option<QueueId>) {
        let Launch {
            iterations,
            num_gangs,
            num_workers,
            body,
            finish,
            ..
        } = launch;
        // The host device runs the kernel on the calling thread with no team: its worker loops
        // run whole there.
        if self.kind == DeviceKind::Host {
            let slots = if iterations > 0 {
                body(0, iterations, 0);
                1
            } else {
                0
            };
            if let Some(finish) = finish {
                finish(slots);
            }
            return;
        }
        let pool = self.pool().clone();
        self.run(queue, move || {
            let slots = pool.run(body, iterations, num_gangs, num_workers);
            if let Some(finish) = finish {
                finish(slots);
            }
        });
    }

    fn host_callback(&self, queue: Option<QueueId>, job: QueueJob) {
        self.run(queue, job);
    }

    fn wait(&self, queue: QueueId) {
        self.queues.wait(queue);
    }

    fn wait_all(&self) {
        self.queues.wait_all();
    }

    fn test(&self, queue: QueueId) -> bool {
        self.queues.test(queue)
    }

    fn test_all(&self) -> bool {
        self.queues.test_all()
    }

    fn join(&self, waiter: QueueId, waited: QueueId) {
        if self.is_async() {
            self.queues.join(waiter, waited);
        }
    }

    fn join_all(&self, waiter: QueueId) {
        if self.is_async() {
            self.queues.join_all(waiter);
        }
    }

    fn wait_any(&self, queues: &[QueueId]) -> Option<usize> {
        self.queues.wait_any(queues)
    }

    fn properties(&self) -> Properties {
        let (memory, free_memory) = host_memory();
        let cpu = cpu_field("model name").unwrap_or_else(|| "unknown CPU".to_string());
        let name = match self.kind {
            DeviceKind::Host => format!("host ({cpu})"),
            _ => format!("multicore ({cpu}, {} threads)", self.threads),
        };
        Properties {
            name,
            vendor: cpu_field("vendor_id").unwrap_or_else(|| "unknown".to_string()),
            driver: format!("accrt {}", env!("CARGO_PKG_VERSION")),
            memory,
            free_memory,
            shared_memory: true,
        }
    }
}

/// Total and available host memory in bytes, from /proc/meminfo (0 when unknown).
fn host_memory() -> (usize, usize) {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find_map(|line| line.strip_prefix(key))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<usize>()
                    .ok()
            })
            .map_or(0, |kib| kib.saturating_mul(1024))
    };
    (field("MemTotal:"), field("MemAvailable:"))
}

/// A field of the first processor in /proc/cpuinfo.
fn cpu_field(key: &str) -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        (name.trim() == key).then(|| value.trim().to_string())
    })
}
