//! The runtime's events: what happened ([`EventKind`], an `acc_event_t` of OpenACC 3.3 §5.1),
//! where ([`Place`]), on which device and queue, with what ([`Detail`]). [`crate::trace`]
//! dispatches them; [`crate::prof`] hands them to the profiling callbacks. Nothing here depends
//! on the modules that consume events.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::error::SourceLoc;
use crate::kinds::{Construct, DeviceKind};
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
    pub(crate) fn notify(self) -> Option<(u32, &'static str)> {
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

static THREAD_IDS: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static THREAD_ID: u64 = THREAD_IDS.fetch_add(1, Ordering::Relaxed);
}

/// The calling host thread's number in events: 1, 2, ... in the order of first events.
pub fn thread_id() -> u64 {
    THREAD_ID.with(|id| *id)
}
