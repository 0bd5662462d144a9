//! Kernel launches.

use super::*;

impl Runtime {
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
}
