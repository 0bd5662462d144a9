//! The compute construct events (`acc_ev_compute_construct_start/end`), which the private ABI
//! does not mark: generated code calls `__accrt_use_kernels` right after a compute construct's
//! data entry (`__accrt_enter`) and nowhere else, and exits the construct's data region
//! (`__accrt_exit`) at the same location. So each thread remembers its last directive data
//! entry; `__accrt_use_kernels` turns it into an open compute construct (the start event), and
//! the exit at that construct's location closes it (the end event, after the exit data events).
//! Nothing is remembered while no tool listens to these events.

use std::cell::RefCell;

use crate::device::DeviceKind;
use crate::error::SourceLoc;
use crate::queue::QueueId;
use crate::runtime::Phase;
use crate::trace::{self, Construct, Event, EventKind, Pair, Place};

/// A directive's data entry, remembered for [`start`].
#[derive(Debug)]
struct LastEntry {
    loc: Option<SourceLoc>,
    async_arg: i32,
    queue: Option<QueueId>,
}

/// A compute construct whose start event fired on this thread and whose end event is due at
/// the exit of its data region.
#[derive(Debug)]
struct OpenCompute {
    loc: Option<SourceLoc>,
    async_arg: i32,
    queue: Option<QueueId>,
    pair: Pair,
}

thread_local! {
    /// The location and async argument of this thread's last directive data entry: generated
    /// code asks `__accrt_use_kernels` right after a compute construct's entry, which is how the
    /// runtime knows that entry belonged to a compute construct.
    static LAST_ENTRY: RefCell<Option<LastEntry>> = const { RefCell::new(None) };
    /// This thread's compute constructs between their start and end events.
    static OPEN_COMPUTE: RefCell<Vec<OpenCompute>> = const { RefCell::new(Vec::new()) };
}

/// The compute construct events of this thread: a directive's data entry is remembered for
/// [`start`]; the exit of an open compute construct's data region ends it.
pub fn track(
    phase: Phase,
    loc: Option<&SourceLoc>,
    async_arg: i32,
    queue: Option<QueueId>,
    device: DeviceKind,
) {
    match phase {
        // Only a tool listens to compute construct events: without one, nothing is remembered.
        Phase::Enter
            if !trace::wanted(EventKind::ComputeConstructStart)
                && !trace::wanted(EventKind::ComputeConstructEnd) =>
        {
            LAST_ENTRY.with(|last| *last.borrow_mut() = None)
        }
        Phase::Enter => {
            let entry = LastEntry {
                loc: loc.cloned(),
                async_arg,
                queue,
            };
            LAST_ENTRY.with(|last| *last.borrow_mut() = Some(entry));
        }
        Phase::Update => LAST_ENTRY.with(|last| *last.borrow_mut() = None),
        Phase::Exit => {
            LAST_ENTRY.with(|last| *last.borrow_mut() = None);
            let open = OPEN_COMPUTE.with(|open| {
                let mut open = open.borrow_mut();
                let top = open.last().is_some_and(|top| top.loc.as_ref() == loc);
                if top {
                    open.pop()
                } else {
                    None
                }
            });
            if let Some(open) = open {
                let event = compute_event(&open, device);
                trace::emit(&event.end(EventKind::ComputeConstructEnd, open.pair));
            }
        }
    }
}

/// The start event of the compute construct `open`. The private ABI does not say which compute
/// construct it is, so every one reports `acc_construct_parallel`.
fn compute_event(open: &OpenCompute, device: DeviceKind) -> Event<'_> {
    Event::new(
        EventKind::ComputeConstructStart,
        Place::Directive(open.loc.as_ref()),
        device,
    )
    .construct(Construct::Parallel)
    .on_queue(open.async_arg, open.queue)
}

/// `__accrt_use_kernels` was called: the thread's last data entry belongs to a compute
/// construct, which starts now.
pub fn start(device: DeviceKind) {
    let Some(entry) = LAST_ENTRY.with(|last| last.borrow_mut().take()) else {
        return;
    };
    let mut open = OpenCompute {
        loc: entry.loc,
        async_arg: entry.async_arg,
        queue: entry.queue,
        pair: Pair::default(),
    };
    open.pair = trace::emit(&compute_event(&open, device));
    OPEN_COMPUTE.with(|stack| stack.borrow_mut().push(open));
}
