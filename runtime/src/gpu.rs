//! The GPU device types, `nvidia` (the CUDA backend, [`crate::cuda`]) and `radeon` (the HIP
//! backend, [`crate::hip`]), the libraries their backends load, and why one cannot be selected
//! (`ACC_DEVICE_TYPE`, `acc_set_device_type`, `acc_init`, the `set` and `init` directives): the
//! backend's reason (the vendor library cannot be loaded, cannot be initialised, or finds no
//! device).

use crate::device::{device_type, DeviceKind};

/// A GPU device type of `acc_device_t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gpu {
    Nvidia,
    Radeon,
}

impl Gpu {
    /// Every GPU type: the registry the runtime keeps one list of devices for, in this order
    /// ([`Gpu::index`]). A new GPU type is a variant here, its entries in the `match`es of this
    /// `impl` and its backend module.
    pub const ALL: [Gpu; 2] = [Gpu::Nvidia, Gpu::Radeon];

    /// The position of this type in [`Gpu::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The runtime's device kind of this type.
    pub fn kind(self) -> DeviceKind {
        match self {
            Gpu::Nvidia => DeviceKind::Nvidia,
            Gpu::Radeon => DeviceKind::Radeon,
        }
    }

    /// The GPU type of a device kind, if it is one.
    pub fn of_kind(kind: DeviceKind) -> Option<Gpu> {
        Gpu::ALL.into_iter().find(|gpu| gpu.kind() == kind)
    }

    /// Device `ordinal` of this type, through its backend.
    pub fn device(self, ordinal: i32) -> crate::gpudev::GpuDevice {
        match self {
            Gpu::Nvidia => crate::cuda::device(ordinal),
            Gpu::Radeon => crate::hip::device(ordinal),
        }
    }

    /// What its backend loads, as messages name it.
    pub fn backend_name(self) -> &'static str {
        match self {
            Gpu::Nvidia => "the CUDA driver",
            Gpu::Radeon => "the HIP runtime",
        }
    }

    /// The GPU type of an `acc_device_t` value, if it names one.
    pub fn from_device_type(dev_type: i32) -> Option<Gpu> {
        match dev_type {
            device_type::NVIDIA => Some(Gpu::Nvidia),
            device_type::RADEON => Some(Gpu::Radeon),
            _ => None,
        }
    }

    /// The `ACC_DEVICE_TYPE` spelling.
    pub fn name(self) -> &'static str {
        match self {
            Gpu::Nvidia => "nvidia",
            Gpu::Radeon => "radeon",
        }
    }

    /// The libraries a backend would load, in the order it would try them.
    pub fn libraries(self) -> &'static [&'static str] {
        match self {
            Gpu::Nvidia => crate::cuda::LIBRARIES,
            Gpu::Radeon => crate::hip::LIBRARIES,
        }
    }

    /// Why this device type cannot be used here, or how many devices it has: its backend's
    /// reason ([`crate::cuda::device_count`], [`crate::hip::device_count`]: the vendor library
    /// cannot be loaded, cannot be initialised, or finds no device).
    pub fn unavailable_reason(self) -> String {
        let what = self.backend_name();
        match self.device_count() {
            Ok(count) if count > 0 => format!("{what} has {count} devices"),
            Ok(_) => format!("{what} finds no device"),
            Err(reason) => reason,
        }
    }

    /// How many devices of this type the process can use, or why it can use none.
    pub fn device_count(self) -> Result<i32, String> {
        match self {
            Gpu::Nvidia => crate::cuda::device_count(),
            Gpu::Radeon => crate::hip::device_count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_is_named_with_the_loader_message() {
        assert!(crate::gpudev::open("libaccrt-test-no-such-library.so.9")
            .unwrap_err()
            .contains("libaccrt-test-no-such-library.so.9"));
        assert!(crate::gpudev::open("libc.so.6").is_ok());
    }

    #[test]
    fn reasons_name_the_libraries() {
        for gpu in [Gpu::Nvidia, Gpu::Radeon] {
            let reason = gpu.unavailable_reason();
            // Either the library is missing (the usual case) or the backend is.
            assert!(
                reason.contains("cannot be loaded (")
                    || reason.contains("CUDA driver")
                    || reason.contains("HIP runtime"),
                "{reason}"
            );
        }
        assert_eq!(
            Gpu::from_device_type(device_type::NVIDIA),
            Some(Gpu::Nvidia)
        );
        assert_eq!(Gpu::from_device_type(device_type::HOST), None);
    }
}
