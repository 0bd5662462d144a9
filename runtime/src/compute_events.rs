//! The compute construct events (`acc_ev_compute_construct_start/end`). Generated code names the
//! construct of every directive in its `__accrt_loc`, so a compute construct's data entry
//! (`__accrt_enter`) starts the construct (the start event, before the entry's data events) and
//! its data exit (`__accrt_exit`, at the same location) ends it (the end event, after the exit's
//! data events); when its `if` clause is false, `__accrt_skip` marks the start and the end
//! instead. The events name the device that runs the construct: the host device for a construct
//! whose `if` clause is false, one without kernels (`ACCRT_LOC_NO_KERNELS`), or any construct
//! while the host device is current. Nothing is remembered while no tool listens.

use std::cell::RefCell;

use crate::device::DeviceKind;
use crate::error::SourceLoc;
use crate::queue::QueueId;
use crate::trace::{self, Construct, Event, EventKind, Pair, Place};

/// A compute construct whose start event fired on this thread and whose end event is due.
#[derive(Debug)]
struct OpenCompute {
    loc: SourceLoc,
    construct: Construct,
    device: DeviceKind,
    async_arg: i32,
    queue: Option<QueueId>,
    pair: Pair,
}

thread_local! {
    /// This thread's compute constructs between their start and end events, innermost last.
    static OPEN_COMPUTE: RefCell<Vec<OpenCompute>> = const { RefCell::new(Vec::new()) };
}

/// The compute construct of `loc`, if its directive is one.
pub fn compute_construct(loc: Option<&SourceLoc>) -> Option<(&SourceLoc, Construct)> {
    let loc = loc?;
    let construct = loc.construct.filter(|c| c.is_compute())?;
    Some((loc, construct))
}

/// The start event of the compute construct `open`.
fn compute_event(open: &OpenCompute) -> Event<'_> {
    Event::new(
        EventKind::ComputeConstructStart,
        Place::Directive(Some(&open.loc)),
        open.device,
    )
    .construct(open.construct)
    .on_queue(open.async_arg, open.queue)
}

/// The compute construct at `loc` starts on `device` (the current device; the host device
/// when the construct runs its host code).
pub fn begin(
    loc: &SourceLoc,
    construct: Construct,
    device: DeviceKind,
    async_arg: i32,
    queue: Option<QueueId>,
) {
    if !trace::wanted(EventKind::ComputeConstructStart)
        && !trace::wanted(EventKind::ComputeConstructEnd)
    {
        return;
    }
    let device = if loc.no_kernels {
        DeviceKind::Host
    } else {
        device
    };
    let mut open = OpenCompute {
        loc: loc.clone(),
        construct,
        device,
        async_arg,
        queue,
        pair: Pair::default(),
    };
    open.pair = trace::emit(&compute_event(&open));
    OPEN_COMPUTE.with(|stack| stack.borrow_mut().push(open));
}

/// The compute construct at `loc` ends: the end event of its start event on this thread.
pub fn end(loc: &SourceLoc) {
    let open = OPEN_COMPUTE.with(|open| {
        let mut open = open.borrow_mut();
        let top = open.last().is_some_and(|top| top.loc == *loc);
        if top {
            open.pop()
        } else {
            None
        }
    });
    if let Some(open) = open {
        trace::emit(&compute_event(&open).end(EventKind::ComputeConstructEnd, open.pair));
    }
}
