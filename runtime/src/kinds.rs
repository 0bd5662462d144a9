//! The runtime's vocabulary: the kinds of device, data action and construct that every layer
//! names, from the error messages up to the C entry points. Nothing here depends on another
//! module of the runtime; the numbers come from the ABI contract (`accc_abi`).

/// The values of `acc_device_t` in `openacc.h`.
pub use accc_abi::device_type;

/// The device types this runtime can execute on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    Host,
    Multicore,
    /// An NVIDIA GPU through the CUDA driver ([`crate::cuda`]).
    Nvidia,
    /// An AMD GPU through the HIP runtime ([`crate::hip`]).
    Radeon,
}

impl DeviceKind {
    /// The `acc_device_t` value of this kind.
    pub fn acc_device_type(self) -> i32 {
        match self {
            DeviceKind::Host => device_type::HOST,
            DeviceKind::Multicore => device_type::MULTICORE,
            DeviceKind::Nvidia => device_type::NVIDIA,
            DeviceKind::Radeon => device_type::RADEON,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DeviceKind::Host => "host",
            DeviceKind::Multicore => "multicore",
            DeviceKind::Nvidia => "nvidia",
            DeviceKind::Radeon => "radeon",
        }
    }

    /// Whether this is a GPU type (its memory is not the host's).
    pub fn is_gpu(self) -> bool {
        matches!(self, DeviceKind::Nvidia | DeviceKind::Radeon)
    }
}

/// One decomposed data-clause action (`enum __accrt_action` in `accrt.h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Copyin = accc_abi::action::COPYIN as isize,
    Create = accc_abi::action::CREATE as isize,
    Present = accc_abi::action::PRESENT as isize,
    NoCreate = accc_abi::action::NOCREATE as isize,
    Attach = accc_abi::action::ATTACH as isize,
    Deviceptr = accc_abi::action::DEVICEPTR as isize,
    GetDeviceptr = accc_abi::action::GETDEVICEPTR as isize,
    UpdateDevice = accc_abi::action::UPDATE_DEVICE as isize,
    Copyout = accc_abi::action::COPYOUT as isize,
    Delete = accc_abi::action::DELETE as isize,
    Detach = accc_abi::action::DETACH as isize,
    UpdateHost = accc_abi::action::UPDATE_HOST as isize,
}

impl Action {
    pub fn from_raw(raw: i32) -> Option<Action> {
        const ALL: [Action; 12] = [
            Action::Copyin,
            Action::Create,
            Action::Present,
            Action::NoCreate,
            Action::Attach,
            Action::Deviceptr,
            Action::GetDeviceptr,
            Action::UpdateDevice,
            Action::Copyout,
            Action::Delete,
            Action::Detach,
            Action::UpdateHost,
        ];
        ALL.into_iter().find(|action| *action as i32 == raw)
    }

    /// The clause a user wrote for this action, as error messages name it.
    pub fn clause_name(self) -> &'static str {
        match self {
            Action::Copyin => "copyin",
            Action::Create => "create",
            Action::Present => "present",
            Action::NoCreate => "no_create",
            Action::Attach => "attach",
            Action::Deviceptr => "deviceptr",
            Action::GetDeviceptr => "use_device",
            Action::UpdateDevice => "update device",
            Action::Copyout => "copyout",
            Action::Delete => "delete",
            Action::Detach => "detach",
            Action::UpdateHost => "update self",
        }
    }
}

/// Modifiers of an action (`enum __accrt_flags` in `accrt.h`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags(pub u32);

impl Flags {
    pub const STRUCTURED: Flags = Flags(accc_abi::flags::STRUCTURED as u32);
    pub const ZERO: Flags = Flags(accc_abi::flags::ZERO as u32);
    pub const READONLY: Flags = Flags(accc_abi::flags::READONLY as u32);
    pub const IMPLICIT: Flags = Flags(accc_abi::flags::IMPLICIT as u32);
    pub const FINALIZE: Flags = Flags(accc_abi::flags::FINALIZE as u32);
    pub const IF_PRESENT: Flags = Flags(accc_abi::flags::IF_PRESENT as u32);
    /// The entry action comes from a `copy` clause (its copyin), for messages.
    pub const COPY_CLAUSE: Flags = Flags(accc_abi::flags::COPY_CLAUSE as u32);
    /// The entry action comes from a `copyout` clause (its create), for messages.
    pub const COPYOUT_CLAUSE: Flags = Flags(accc_abi::flags::COPYOUT_CLAUSE as u32);

    pub fn has(self, flag: Flags) -> bool {
        self.0 & flag.0 == flag.0
    }
}

impl std::ops::BitOr for Flags {
    type Output = Flags;
    fn bitor(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
}

/// `acc_construct_t`: what an event belongs to (`parent_construct`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Construct {
    Parallel = 0,
    Kernels = 1,
    Loop = 2,
    Data = 3,
    EnterData = 4,
    ExitData = 5,
    HostData = 6,
    Atomic = 7,
    Declare = 8,
    Init = 9,
    Shutdown = 10,
    Set = 11,
    Update = 12,
    Routine = 13,
    Wait = 14,
    RuntimeApi = 15,
    Serial = 16,
}

impl Construct {
    /// The construct numbered `raw` (an `acc_construct_t`).
    pub fn from_raw(raw: i32) -> Option<Construct> {
        use Construct::*;
        [
            Parallel, Kernels, Loop, Data, EnterData, ExitData, HostData, Atomic, Declare, Init,
            Shutdown, Set, Update, Routine, Wait, RuntimeApi, Serial,
        ]
        .get(usize::try_from(raw).ok()?)
        .copied()
    }

    /// Whether this is a compute construct (parallel, kernels, serial).
    pub fn is_compute(self) -> bool {
        matches!(
            self,
            Construct::Parallel | Construct::Kernels | Construct::Serial
        )
    }
}
