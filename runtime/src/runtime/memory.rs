//! Device memory outside the present table's clauses: acc_malloc/acc_free, acc_map_data, address queries and acc_memcpy_*.

use super::*;

impl Runtime {
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
