//! Data actions: data clauses and directives, the host fallback of a compute construct on a device with its own memory, and the data routines of the API.

use super::*;

impl Runtime {
    /// Honours a `wait` list before work that goes to `queue` (or runs now).
    pub(super) fn prepare(
        &self,
        slot: &DeviceSlot,
        queue: Option<QueueId>,
        waits: Waits,
        origin: &Origin,
    ) {
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
            Ok((steps, overlaps)) => {
                for (error, index) in overlaps {
                    warn_overlap(&error, &source.origin_of(&ops[index]), slot.device.kind());
                }
                steps
            }
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
    ///
    /// On a device that shares the host's memory (host, multicore), data that overlaps present
    /// data without being inside it is not an error unless the data checker runs: the device
    /// copy is the host memory either way, so the op does nothing (its device address is the
    /// host's) and the overlap comes back with the steps, to be warned about. NVHPC ignores
    /// data clauses on the multicore CPU altogether; a program that leaves a local variable
    /// present after its procedure returns (Niceno's FortranOpenACC) then runs as it does there,
    /// with a warning that it would stop on a GPU.
    pub(super) fn apply(
        &self,
        slot: &DeviceSlot,
        phase: Phase,
        ops: &[DataOp],
        devices: &mut [usize],
    ) -> Result<(Vec<Step>, Vec<FailedOp>), FailedOp> {
        let tolerates_overlaps = slot.device.shares_host_memory() && !crate::check::enabled();
        let mut overlaps = Vec::new();
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
                Err(error)
                    if tolerates_overlaps
                        && matches!(error.kind, TableErrorKind::PartlyPresent { .. }) =>
                {
                    devices[index] = if phase == Phase::Enter { op.host } else { 0 };
                    overlaps.push((error, index));
                }
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
        result.map(|()| (steps, overlaps))
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

    pub(super) fn perform_all(
        &self,
        slot: &DeviceSlot,
        transfers: Vec<Transfer>,
        queue: Option<QueueId>,
    ) {
        for transfer in transfers {
            perform(&*slot.device, transfer, queue);
        }
    }

    /// One data op from an `acc_*` routine; returns its device address.
    pub fn api_data(&self, phase: Phase, op: DataOp, async_arg: i32, api: &'static str) -> usize {
        self.data(phase, &[op], async_arg, Waits::Nothing, &Source::Api(api))[0]
    }
}

/// A data action's error and the index of its op.
pub(super) type FailedOp = (TableError, usize);

/// Warns, once per directive (and data), that data overlapping present data was used as the
/// host's memory (see [`Runtime::apply`]).
fn warn_overlap(error: &TableError, origin: &crate::error::Origin, device: DeviceKind) {
    warn_once_for(
        format!("overlap: {:?} {origin}", error.name),
        format!(
            "{}; the {} device shares the host's memory, so the program goes on, but on a GPU it stops here",
            error.message(origin),
            device.name()
        ),
    );
}
