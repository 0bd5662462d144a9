//! Async queues: the queue of an async argument, waits and tests.

use super::*;

impl Runtime {
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
    pub(super) fn wait_events(
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
    pub(super) fn wait_list(&self, waits: Waits, origin: &Origin) -> String {
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
}
