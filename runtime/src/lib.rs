//! libaccrt: accc's OpenACC runtime — the present table, the devices, the async queues, the
//! OpenACC 3.3 API in C (`include/openacc.h`) and the private ABI that accc's generated host code
//! calls (`include/accrt.h`). It builds as `libaccrt.so` (what accc links by default, with an rpath)
//! and `libaccrt.a` (`-static`); programs link it with `-lpthread -ldl -lm`.
//!
//! # Devices
//! * `host`: kernels are not launched; generated code runs its host fallback
//!   (`__accrt_use_kernels(..) == 0`). Async work runs synchronously.
//! * `multicore` (the default): kernels run on a thread pool of `ACC_NUM_CORES` threads (default:
//!   every core), async queues run on their own threads.
//! * `nvidia`: NVIDIA GPUs through the CUDA driver ([`cuda`]), the default when the program
//!   carries a PTX image and the driver finds a device; device memory is the GPU's own.
//! * `radeon`: AMD GPUs through the HIP runtime ([`hip`]), the default when the program carries
//!   an AMDGPU code object, the runtime finds a device and no NVIDIA device is used. Both GPU
//!   types share one device implementation over a table of vendor calls ([`gpudev`]).
//!
//! `acc_device_t` (the same in C and Fortran): none 0, default 1, host 2, not_host 3, nvidia 4,
//! radeon 5, multicore 6. Fortran: `fortran/openacc.f90` (module `openacc`) and
//! `fortran/openacc_lib.h`, built by `build.rs` into the same libraries.
//! Environment: `ACC_DEVICE_TYPE`, `ACC_DEVICE_NUM`, `ACC_NUM_CORES` ([`env`](mod@env)),
//! `ACCC_NOTIFY`, `ACCC_TIME` ([`trace`]), `ACC_PROFLIB` ([`prof`]), `ACCC_CHECK` ([`check`]).
//!
//! The host and multicore devices share the host's memory, so no bytes move for data clauses
//! there, but the present table is kept exactly as on a GPU: structured and dynamic reference counters,
//! attachment counters, and the errors for absent and partly present data.
//!
//! # When the table is consulted and counters change
//! * Entry actions (`__accrt_enter`, `acc_copyin`, `acc_create`, ...) look the section up and
//!   either increment a counter (structured for constructs, dynamic for `enter data` and the API)
//!   or create an entry with that counter at one.
//! * Exit actions (`__accrt_exit`, `acc_copyout`, `acc_delete`, ...) decrement the same counter
//!   (`finalize` zeroes the dynamic one); at zero/zero the entry goes away.
//! * Updates and queries (`acc_is_present`, `acc_deviceptr`, ...) never change a counter.
//!
//! All of this happens on the calling thread, in program order, even for `async` work; only the
//! memory work (transfers, zero fills, kernels) goes to the queues.
//!
//! # Module map
//! Modules import only downward, layer by layer (top first; `tests/layers.rs` checks it):
//! 1. the C entry points: [`abi`] (`__accrt_*`), [`api`] and [`api_data`] (`acc_*`),
//!    [`descriptor`] (the device copies of Fortran array descriptors that device routines read);
//! 2. [`runtime`]: device selection and the operations the entry points call; [`env`](mod@env)
//!    (`ACC_DEVICE_TYPE`, `ACC_DEVICE_NUM`, `ACC_NUM_CORES`, whose defaults under an MPI launcher
//!    are the rank's share of its node: [`placement`]); [`compute_events`] (where compute
//!    constructs start and end);
//! 3. [`gpu`]: the registry of GPU types and their backends;
//! 4. the backends: [`cuda`], [`hip`];
//! 5. the devices: [`device`] (the [`Device`] trait and the shared-memory devices), [`gpudev`]
//!    (both GPU types over a table of vendor calls), [`check`] (`ACCC_CHECK=data`, the multicore
//!    device with memory of its own that reports missing data movements), [`fault`] (the message
//!    and exit status of a kernel that faults; the checker's signals, through hooks);
//! 6. events: [`trace`] (the one dispatch of the runtime's events: `ACCC_NOTIFY` lines, the
//!    `ACCC_TIME` table, [`prof`], the OpenACC profiling interface of `include/acc_prof.h`; and
//!    [`trace::fail`] for OpenACC errors), [`events`] (what an event says);
//! 7. records: [`table`] (the present table and the data clause actions, pure bookkeeping),
//!    [`queue`] and [`pool`] (the async queues and the thread pool), [`kernel`] (a launch's
//!    arguments), [`images`] (the device images accc's link step embeds);
//! 8. [`error`]: codes, source places and messages;
//! 9. the platform: [`kinds`] (the vocabulary: device kinds, data actions and flags,
//!    constructs), [`hostmem`] (raw memory primitives), [`placement`].
//!
//! The FFI modules (entry points, [`prof`], [`kernel`], [`hostmem`], the vendor FFI [`cuda`],
//! [`hip`], [`gpudev`], the signal handling [`fault`], [`check`] and [`placement`]'s
//! `sched_getaffinity` call) are the ones that contain `unsafe` code, each block with its
//! soundness comment.

pub mod abi;
pub mod api;
pub mod api_data;
pub mod check;
pub mod compute_events;
pub mod cuda;
pub mod descriptor;
pub mod device;
pub mod env;
pub mod error;
pub mod events;
pub mod fault;
pub mod gpu;
pub mod gpudev;
pub mod hip;
pub mod hostmem;
pub mod images;
pub mod kernel;
pub mod kinds;
pub mod placement;
pub mod pool;
pub mod prof;
pub mod queue;
pub mod runtime;
pub mod table;
pub mod trace;

pub use device::{Device, DeviceKind};
pub use runtime::Runtime;
pub use table::{Action, DataOp, Flags, PresentTable};
