//! Device selection: the current device type and number, the default async queue, and the init / shutdown / set directives (OpenACC 3.3 §2.14, §3.2.1-§3.2.12).

use super::*;

impl Runtime {
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
            _ => match (self.usable_gpu(dev_type), Gpu::from_device_type(dev_type)) {
                (Some(kind), _) => kind,
                (None, Some(gpu)) => {
                    warn_once_for(
                        format!("unavailable device type {dev_type}"),
                        format!(
                            "acc_device_{} is not available ({origin}): {}; the program goes on with the {} device",
                            gpu.name(),
                            gpu.unavailable_reason(),
                            self.current_kind().name()
                        ),
                    );
                    return None;
                }
                (None, None) => self.fail_at(
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
            _ => self.usable_gpu(dev_type),
        }
    }

    /// The device kind of GPU type `dev_type` when it has a device here.
    fn usable_gpu(&self, dev_type: i32) -> Option<DeviceKind> {
        Gpu::from_device_type(dev_type)
            .map(Gpu::kind)
            .filter(|&kind| self.count_of(kind) > 0)
    }

    /// How many devices of type `dev_type` exist.
    pub fn num_devices(&self, dev_type: i32) -> i32 {
        match dev_type {
            device_type::HOST | device_type::MULTICORE => 1,
            device_type::NOT_HOST | device_type::DEFAULT => {
                self.kind_of(dev_type).map_or(0, |kind| self.count_of(kind))
            }
            _ if Gpu::from_device_type(dev_type).is_some() => {
                self.kind_of(dev_type).map_or(0, |kind| self.count_of(kind))
            }
            _ => 0,
        }
    }

    pub(super) fn check_device_num(&self, kind: DeviceKind, num: i32, origin: &Origin) {
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
        let mut num = if num < 0 { self.default_num(kind) } else { num };
        if matches!(kind, DeviceKind::Host | DeviceKind::Multicore) && num >= self.count_of(kind) {
            // The host's one device: MPI codes pick `mod(rank, devices per node)` with the GPU
            // count of their cluster (POT3D), which NVHPC's multicore target ignores too.
            warn_once(format!(
                "device number {num} for device type {}, which has 1 device: device 0 is used ({origin})",
                kind.name()
            ));
            num = 0;
        }
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

    /// Checks the device number of an `acc_*_device` routine against the current device type.
    pub fn check_current_device_num(&self, num: i32, origin: &Origin) {
        self.check_device_num(self.current_kind(), num, origin);
    }

    /// The device type an `init` or `shutdown` names (`-1`: the current type), with its device
    /// number checked when one is given (`num >= 0`); `None` after an error about the type.
    fn directed_kind(&self, dev_type: i32, num: i32, origin: &Origin) -> Option<DeviceKind> {
        let kind = if dev_type < 0 {
            self.current_kind()
        } else {
            self.kind_for_selection(dev_type, origin)?
        };
        if num >= 0 {
            self.check_device_num(kind, num, origin);
        }
        Some(kind)
    }

    /// `init` / `acc_init`: starts the device and makes its type current (`-1`: current type).
    pub fn init(&self, dev_type: i32, num: i32, origin: &Origin) {
        let Some(kind) = self.directed_kind(dev_type, num, origin) else {
            return;
        };
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
        let Some(kind) = self.directed_kind(dev_type, num, origin) else {
            return;
        };
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
}
