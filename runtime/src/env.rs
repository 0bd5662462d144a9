//! The environment variables the runtime reads once at start-up: `ACC_DEVICE_TYPE`,
//! `ACC_DEVICE_NUM` and `ACC_NUM_CORES`.
//!
//! `ACC_DEVICE_TYPE` naming a device type that cannot run here (an unknown name, `nvidia`
//! without a usable CUDA driver and device, `radeon` without a usable HIP runtime and device) is
//! an error:
//! the runtime stops at its first use with a message saying why ([`StartupError`]), as libgomp
//! does, rather than running the program somewhere the user did not ask for. A bad
//! `ACC_DEVICE_NUM` or `ACC_NUM_CORES` produces one warning line and a documented fallback.
//!
//! Without `ACC_DEVICE_TYPE` the program runs on NVIDIA device 0 when it carries a PTX image
//! (accc linked it with GPU kernels) and the CUDA driver finds a device — as NVHPC's programs
//! run on the GPU by default —, else on AMD device 0 when it carries an AMDGPU code object and
//! the HIP runtime finds a device, else on the multicore device. The test suites always set
//! `ACC_DEVICE_TYPE`, so they run where they say.
//!
//! Under a launcher that starts several ranks on one node (`mpirun`, `srun`), the defaults of
//! `ACC_NUM_CORES` and `ACC_DEVICE_NUM` are the rank's share of the node ([`placement`]).

use crate::device::DeviceKind;
use crate::gpu::Gpu;
use crate::placement::{self, NoteChoice, Placement};

/// An `ACC_DEVICE_TYPE` the program cannot run with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartupError {
    /// Not a device type name.
    Unknown { value: String },
    /// A GPU type this runtime cannot use (here, or at all yet), and why.
    Unavailable {
        value: String,
        gpu: Gpu,
        reason: String,
    },
}

impl StartupError {
    /// The message (without `accrt: error: `); for a GPU it looks for the vendor library now.
    pub fn message(&self) -> String {
        match self {
            StartupError::Unknown { value } => format!(
                "ACC_DEVICE_TYPE={value}: unknown device type (expected host, multicore, nvidia \
                 or radeon)"
            ),
            StartupError::Unavailable { value, gpu, reason } => format!(
                "ACC_DEVICE_TYPE={value}: no {} device is available: {reason}; use \
                 ACC_DEVICE_TYPE=multicore or host",
                gpu.name(),
            ),
        }
    }
}

/// The start-up configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The device type used until the program selects another.
    pub device: DeviceKind,
    /// The device number of that type.
    pub device_num: i32,
    /// Threads of the multicore device.
    pub num_cores: usize,
    /// Warnings to print (one line each, without the `accrt: warning: ` prefix).
    pub warnings: Vec<String>,
    /// Set when `ACC_DEVICE_TYPE` names a device type that cannot run here.
    pub error: Option<StartupError>,
    /// The rank's place on its node, which gives the defaults.
    pub placement: Placement,
    /// Whether `ACC_DEVICE_NUM` was set: GPU device types then start from device 0 after
    /// `acc_set_device_type`, else from the rank's ([`Placement::default_device`]).
    pub device_num_set: bool,
    /// The `ACCC_NOTIFY` line saying what a launcher's variables decided.
    pub note: Option<String>,
}

/// What the configuration may ask about GPUs (only when it needs to: loading a vendor library
/// costs time).
pub struct Probe<'a> {
    /// Whether the program carries a PTX image.
    pub ptx_image: bool,
    /// Whether the program carries an AMDGPU code object.
    pub hsaco_image: bool,
    /// How many NVIDIA devices there are, or why there are none.
    pub nvidia: &'a dyn Fn() -> Result<i32, String>,
    /// How many AMD devices there are, or why there are none.
    pub radeon: &'a dyn Fn() -> Result<i32, String>,
}

impl std::fmt::Debug for Probe<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Probe")
            .field("ptx_image", &self.ptx_image)
            .field("hsaco_image", &self.hsaco_image)
            .finish_non_exhaustive()
    }
}

impl Probe<'_> {
    /// No image, no NVIDIA device: what tests use.
    pub const NONE: Probe<'static> = Probe {
        ptx_image: false,
        hsaco_image: false,
        nvidia: &|| Err("not probed".to_string()),
        radeon: &|| Err("not probed".to_string()),
    };

    /// How many devices of `gpu` there are, or why there are none.
    fn count(&self, gpu: Gpu) -> Result<i32, String> {
        match gpu {
            Gpu::Nvidia => (self.nvidia)(),
            Gpu::Radeon => (self.radeon)(),
        }
    }
}

/// Builds the configuration from the values of the three variables (`None`: unset), for a
/// process no launcher started, on `available_cores` cores.
pub fn parse(
    device_type: Option<&str>,
    device_num: Option<&str>,
    num_cores: Option<&str>,
    available_cores: usize,
    probe: &Probe,
) -> Config {
    parse_placed(
        device_type,
        device_num,
        num_cores,
        &Placement::alone(available_cores),
        probe,
    )
}

/// [`parse`] for a process at `placement` (its local rank and cores).
pub fn parse_placed(
    device_type: Option<&str>,
    device_num: Option<&str>,
    num_cores: Option<&str>,
    placement: &Placement,
    probe: &Probe,
) -> Config {
    let available_cores = placement.default_cores;
    let mut warnings = Vec::new();
    let mut error = None;
    let device = match device_type.map(str::trim).filter(|value| !value.is_empty()) {
        // The data checker runs on the multicore device: it is the default under it.
        None if crate::check::enabled() => DeviceKind::Multicore,
        None if probe.ptx_image && probe.count(Gpu::Nvidia).is_ok_and(|count| count > 0) => {
            DeviceKind::Nvidia
        }
        None if probe.hsaco_image && probe.count(Gpu::Radeon).is_ok_and(|count| count > 0) => {
            DeviceKind::Radeon
        }
        None => DeviceKind::Multicore,
        Some(value) => match value.to_ascii_lowercase().as_str() {
            "host" => DeviceKind::Host,
            "multicore" | "not_host" | "default" => DeviceKind::Multicore,
            name if Gpu::ALL.iter().any(|gpu| gpu.name() == name) => {
                let gpu = Gpu::ALL
                    .into_iter()
                    .find(|gpu| gpu.name() == name)
                    .unwrap_or(Gpu::Nvidia);
                match probe.count(gpu) {
                    Ok(count) if count > 0 => gpu.kind(),
                    result => {
                        error = Some(StartupError::Unavailable {
                            value: value.to_string(),
                            gpu,
                            reason: result.err().unwrap_or_else(|| {
                                format!("{} finds no device", gpu.backend_name())
                            }),
                        });
                        DeviceKind::Multicore
                    }
                }
            }
            _ => {
                error = Some(StartupError::Unknown {
                    value: value.to_string(),
                });
                DeviceKind::Multicore
            }
        },
    };
    if crate::check::enabled() && device != DeviceKind::Multicore && error.is_none() {
        warnings.push(format!(
            "ACCC_CHECK checks the multicore device, and the program starts on the {} device: \
             nothing is checked until it selects multicore",
            device.name()
        ));
    }
    let gpu_count = Gpu::of_kind(device).map(|gpu| probe.count(gpu).unwrap_or(1).max(1));
    let device_num_value = device_num.map(str::trim).filter(|value| !value.is_empty());
    let device_num = match device_num_value {
        None => gpu_count.map_or(0, |count| placement.default_device(count)),
        Some(value) => {
            let count = gpu_count.unwrap_or(1);
            match value.parse::<i32>() {
                Ok(num) if (0..count).contains(&num) => num,
                Ok(_) | Err(_) if count == 1 => {
                    warnings.push(format!(
                        "ACC_DEVICE_NUM={value}: the {} device type has only device 0; using 0",
                        device.name()
                    ));
                    0
                }
                Ok(_) | Err(_) => {
                    warnings.push(format!(
                        "ACC_DEVICE_NUM={value}: the {} device type has devices 0 to {}; using 0",
                        device.name(),
                        count - 1
                    ));
                    0
                }
            }
        }
    };
    let mut num_cores_set = false;
    let num_cores = match num_cores.map(str::trim).filter(|value| !value.is_empty()) {
        None => available_cores,
        Some(value) => match value.parse::<usize>() {
            Ok(count) if count > 0 => {
                num_cores_set = true;
                count
            }
            _ => {
                warnings.push(format!(
                    "ACC_NUM_CORES={value}: not a positive integer; using {available_cores}"
                ));
                available_cores
            }
        },
    };
    let note = placement.note(&NoteChoice {
        gpu: gpu_count.map(|count| (device.name(), device_num, count)),
        device_num_set: device_num_value.is_some(),
        cores: num_cores.max(1),
        num_cores_set,
    });
    Config {
        device,
        device_num,
        num_cores: num_cores.max(1),
        warnings,
        error,
        placement: placement.clone(),
        device_num_set: device_num_value.is_some(),
        note,
    }
}

/// Reads the configuration from the process environment.
pub fn from_environment() -> Config {
    let var = |name: &str| std::env::var(name).ok();
    let placement = Placement::new(
        placement::local_rank(&var),
        placement::Cores::of_this_process(),
    );
    parse_placed(
        var("ACC_DEVICE_TYPE").as_deref(),
        var("ACC_DEVICE_NUM").as_deref(),
        var("ACC_NUM_CORES").as_deref(),
        &placement,
        &Probe {
            ptx_image: crate::images::has_kind(crate::images::ImageKind::Ptx),
            hsaco_image: crate::images::has_kind(crate::images::ImageKind::Hsaco),
            nvidia: &crate::cuda::device_count,
            radeon: &crate::hip::device_count,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_multicore_on_every_core() {
        let config = parse(None, None, None, 12, &Probe::NONE);
        assert_eq!(config.device, DeviceKind::Multicore);
        assert_eq!(config.device_num, 0);
        assert_eq!(config.num_cores, 12);
        assert!(config.warnings.is_empty());
        assert_eq!(config.error, None);
    }

    #[test]
    fn device_types_are_case_insensitive() {
        assert_eq!(
            parse(Some("HOST"), None, None, 2, &Probe::NONE).device,
            DeviceKind::Host
        );
        assert_eq!(
            parse(Some("MultiCore"), None, None, 2, &Probe::NONE).device,
            DeviceKind::Multicore
        );
    }

    #[test]
    fn unavailable_and_unknown_device_types_are_errors() {
        let missing = Probe {
            ptx_image: true,
            nvidia: &|| Err("the CUDA driver library libcuda.so.1 cannot be loaded".to_string()),
            ..Probe::NONE
        };
        let config = parse(Some("nvidia"), None, None, 2, &missing);
        let message = config.error.unwrap().message();
        assert_eq!(
            message,
            "ACC_DEVICE_TYPE=nvidia: no nvidia device is available: the CUDA driver library \
             libcuda.so.1 cannot be loaded; use ACC_DEVICE_TYPE=multicore or host"
        );
        // Without ACC_DEVICE_TYPE a missing driver is no error: the multicore device runs.
        let config = parse(None, None, None, 2, &missing);
        assert_eq!((config.device, config.error), (DeviceKind::Multicore, None));
        let no_hip = Probe {
            radeon: &|| {
                Err("the HIP runtime library cannot be loaded (tried libamdhip64.so)".into())
            },
            ..Probe::NONE
        };
        let config = parse(Some("Radeon"), None, None, 2, &no_hip);
        assert_eq!(config.device, DeviceKind::Multicore);
        assert!(config.error.unwrap().message().contains("libamdhip64.so"));
        let config = parse(Some("fpga"), None, None, 2, &Probe::NONE);
        assert!(config.warnings.is_empty());
        assert_eq!(
            config.error.unwrap().message(),
            "ACC_DEVICE_TYPE=fpga: unknown device type (expected host, multicore, nvidia or \
             radeon)"
        );
        assert_eq!(parse(Some("host"), None, None, 2, &Probe::NONE).error, None);
    }

    #[test]
    fn a_gpu_with_an_image_is_the_default() {
        let two = Probe {
            ptx_image: true,
            nvidia: &|| Ok(2),
            ..Probe::NONE
        };
        assert_eq!(parse(None, None, None, 2, &two).device, DeviceKind::Nvidia);
        let no_image = Probe {
            ptx_image: false,
            nvidia: &|| Ok(2),
            ..Probe::NONE
        };
        let config = parse(None, None, None, 2, &no_image);
        assert_eq!(config.device, DeviceKind::Multicore);
        let config = parse(Some("nvidia"), Some("1"), None, 2, &no_image);
        assert_eq!((config.device, config.device_num), (DeviceKind::Nvidia, 1));
        assert!(config.warnings.is_empty() && config.error.is_none());
        let config = parse(Some("nvidia"), Some("2"), None, 2, &two);
        assert_eq!(config.device_num, 0);
        assert_eq!(
            config.warnings,
            ["ACC_DEVICE_NUM=2: the nvidia device type has devices 0 to 1; using 0"]
        );
        let none = Probe {
            ptx_image: true,
            nvidia: &|| Ok(0),
            ..Probe::NONE
        };
        let message = parse(Some("nvidia"), None, None, 2, &none)
            .error
            .unwrap()
            .message();
        assert!(message.contains("finds no device"), "{message}");
    }

    #[test]
    fn an_amd_gpu_with_a_code_object_is_the_default_after_nvidia() {
        let amd = Probe {
            hsaco_image: true,
            radeon: &|| Ok(1),
            ..Probe::NONE
        };
        assert_eq!(parse(None, None, None, 2, &amd).device, DeviceKind::Radeon);
        // No code object: multicore, though a device is there.
        let no_image = Probe {
            hsaco_image: false,
            ..amd
        };
        assert_eq!(
            parse(None, None, None, 2, &no_image).device,
            DeviceKind::Multicore
        );
        // Both vendors usable and both images: NVIDIA first.
        let both = Probe {
            ptx_image: true,
            nvidia: &|| Ok(1),
            ..amd
        };
        assert_eq!(parse(None, None, None, 2, &both).device, DeviceKind::Nvidia);
        let config = parse(Some("radeon"), Some("1"), None, 2, &amd);
        assert_eq!((config.device, config.device_num), (DeviceKind::Radeon, 0));
        assert_eq!(
            config.warnings,
            ["ACC_DEVICE_NUM=1: the radeon device type has only device 0; using 0"]
        );
        let none = Probe {
            radeon: &|| Ok(0),
            ..amd
        };
        let message = parse(Some("radeon"), None, None, 2, &none)
            .error
            .unwrap()
            .message();
        assert_eq!(
            message,
            "ACC_DEVICE_TYPE=radeon: no radeon device is available: the HIP runtime finds no \
             device; use ACC_DEVICE_TYPE=multicore or host"
        );
    }

    #[test]
    fn numbers_are_checked() {
        let config = parse(None, Some("0"), Some("3"), 8, &Probe::NONE);
        assert_eq!((config.device_num, config.num_cores), (0, 3));
        assert!(config.warnings.is_empty());
        let config = parse(None, Some("2"), Some("zero"), 8, &Probe::NONE);
        assert_eq!((config.device_num, config.num_cores), (0, 8));
        assert_eq!(config.warnings.len(), 2);
        assert_eq!(parse(None, None, Some("0"), 8, &Probe::NONE).num_cores, 8);
    }
    #[test]
    fn ranks_on_a_node_share_it_unless_told() {
        let placement = Placement::new(
            Some(crate::placement::LocalRank {
                rank: 1,
                size: 2,
                source: "OMPI_COMM_WORLD_LOCAL_RANK/OMPI_COMM_WORLD_LOCAL_SIZE".into(),
            }),
            crate::placement::Cores::all(16),
        );
        let config = parse_placed(None, None, None, &placement, &Probe::NONE);
        assert_eq!(
            (config.device, config.num_cores),
            (DeviceKind::Multicore, 8)
        );
        assert_eq!(
            config.note.as_deref(),
            Some(
                "accrt: local rank 1 of 2 (OMPI_COMM_WORLD_LOCAL_RANK/OMPI_COMM_WORLD_LOCAL_SIZE): \
                 multicore_cores=8 (its share of the node's 16 cores, 16 usable by this rank)"
            )
        );
        let config = parse_placed(None, None, Some("3"), &placement, &Probe::NONE);
        assert_eq!(config.num_cores, 3);
        assert!(config
            .note
            .unwrap()
            .ends_with("multicore_cores=3 (ACC_NUM_CORES)"));
        // Two GPUs: rank 1 takes device 1, unless ACC_DEVICE_NUM says otherwise.
        let two = Probe {
            ptx_image: true,
            nvidia: &|| Ok(2),
            ..Probe::NONE
        };
        let config = parse_placed(None, None, None, &placement, &two);
        assert_eq!((config.device, config.device_num), (DeviceKind::Nvidia, 1));
        assert!(!config.device_num_set);
        assert!(config
            .note
            .unwrap()
            .contains(": device=nvidia device_num=1 (local rank 1 % 2 devices) multicore_cores=8"));
        let config = parse_placed(None, Some("0"), None, &placement, &two);
        assert_eq!(config.device_num, 0);
        assert!(config.device_num_set);
        assert!(config
            .note
            .unwrap()
            .contains("device_num=0 (ACC_DEVICE_NUM)"));
        // No launcher: no note, every core.
        let config = parse(None, None, None, 16, &two);
        assert_eq!(
            (config.device_num, config.num_cores, config.note),
            (0, 16, None)
        );
    }
}
