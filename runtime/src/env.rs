//! The environment variables the runtime reads once at start-up: `ACC_DEVICE_TYPE`,
//! `ACC_DEVICE_NUM` and `ACC_NUM_CORES`.
//!
//! `ACC_DEVICE_TYPE` naming a device type that cannot run here (an unknown name, or `nvidia` /
//! `radeon`, which have no backend yet) is an error: the runtime stops at its first use with a
//! message saying why ([`StartupError`]), as libgomp does, rather than running the program
//! somewhere the user did not ask for. A bad `ACC_DEVICE_NUM` or `ACC_NUM_CORES` produces one
//! warning line and a documented fallback.

use crate::device::DeviceKind;
use crate::gpu::Gpu;

/// An `ACC_DEVICE_TYPE` the program cannot run with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartupError {
    /// Not a device type name.
    Unknown { value: String },
    /// A GPU type this runtime cannot use (here, or at all yet).
    Unavailable { value: String, gpu: Gpu },
}

impl StartupError {
    /// The message (without `accrt: error: `); for a GPU it looks for the vendor library now.
    pub fn message(&self) -> String {
        match self {
            StartupError::Unknown { value } => format!(
                "ACC_DEVICE_TYPE={value}: unknown device type (expected host, multicore, nvidia \
                 or radeon)"
            ),
            StartupError::Unavailable { value, gpu } => format!(
                "ACC_DEVICE_TYPE={value}: no {} device is available: {}; use \
                 ACC_DEVICE_TYPE=multicore or host",
                gpu.name(),
                gpu.unavailable_reason()
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
}

/// Builds the configuration from the values of the three variables (`None`: unset).
pub fn parse(
    device_type: Option<&str>,
    device_num: Option<&str>,
    num_cores: Option<&str>,
    available_cores: usize,
) -> Config {
    let mut warnings = Vec::new();
    let mut error = None;
    let device = match device_type.map(str::trim).filter(|value| !value.is_empty()) {
        None => DeviceKind::Multicore,
        Some(value) => match value.to_ascii_lowercase().as_str() {
            "host" => DeviceKind::Host,
            "multicore" | "not_host" | "default" => DeviceKind::Multicore,
            lower @ ("nvidia" | "radeon") => {
                let gpu = if lower == "nvidia" {
                    Gpu::Nvidia
                } else {
                    Gpu::Radeon
                };
                error = Some(StartupError::Unavailable {
                    value: value.to_string(),
                    gpu,
                });
                DeviceKind::Multicore
            }
            _ => {
                error = Some(StartupError::Unknown {
                    value: value.to_string(),
                });
                DeviceKind::Multicore
            }
        },
    };
    let device_num = match device_num.map(str::trim).filter(|value| !value.is_empty()) {
        None => 0,
        Some(value) => match value.parse::<i32>() {
            Ok(0) => 0,
            Ok(_) | Err(_) => {
                warnings.push(format!(
                    "ACC_DEVICE_NUM={value}: the {} device type has only device 0; using 0",
                    device.name()
                ));
                0
            }
        },
    };
    let num_cores = match num_cores.map(str::trim).filter(|value| !value.is_empty()) {
        None => available_cores,
        Some(value) => match value.parse::<usize>() {
            Ok(count) if count > 0 => count,
            _ => {
                warnings.push(format!(
                    "ACC_NUM_CORES={value}: not a positive integer; using {available_cores}"
                ));
                available_cores
            }
        },
    };
    Config {
        device,
        device_num,
        num_cores: num_cores.max(1),
        warnings,
        error,
    }
}

/// Reads the configuration from the process environment.
pub fn from_environment() -> Config {
    let var = |name: &str| std::env::var(name).ok();
    let available = std::thread::available_parallelism().map_or(1, |count| count.get());
    parse(
        var("ACC_DEVICE_TYPE").as_deref(),
        var("ACC_DEVICE_NUM").as_deref(),
        var("ACC_NUM_CORES").as_deref(),
        available,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_multicore_on_every_core() {
        let config = parse(None, None, None, 12);
        assert_eq!(config.device, DeviceKind::Multicore);
        assert_eq!(config.device_num, 0);
        assert_eq!(config.num_cores, 12);
        assert!(config.warnings.is_empty());
        assert_eq!(config.error, None);
    }

    #[test]
    fn device_types_are_case_insensitive() {
        assert_eq!(parse(Some("HOST"), None, None, 2).device, DeviceKind::Host);
        assert_eq!(
            parse(Some("MultiCore"), None, None, 2).device,
            DeviceKind::Multicore
        );
    }

    #[test]
    fn unavailable_and_unknown_device_types_are_errors() {
        let config = parse(Some("nvidia"), None, None, 2);
        assert_eq!(
            config.error,
            Some(StartupError::Unavailable {
                value: "nvidia".to_string(),
                gpu: Gpu::Nvidia
            })
        );
        let message = config.error.unwrap().message();
        assert!(
            message.starts_with("ACC_DEVICE_TYPE=nvidia: no nvidia device is available: "),
            "{message}"
        );
        assert!(message.contains("libcuda.so.1"), "{message}");
        let config = parse(Some("Radeon"), None, None, 2);
        assert!(config.error.unwrap().message().contains("libamdhip64.so"));
        let config = parse(Some("fpga"), None, None, 2);
        assert!(config.warnings.is_empty());
        assert_eq!(
            config.error.unwrap().message(),
            "ACC_DEVICE_TYPE=fpga: unknown device type (expected host, multicore, nvidia or \
             radeon)"
        );
        assert_eq!(parse(Some("host"), None, None, 2).error, None);
    }

    #[test]
    fn numbers_are_checked() {
        let config = parse(None, Some("0"), Some("3"), 8);
        assert_eq!((config.device_num, config.num_cores), (0, 3));
        assert!(config.warnings.is_empty());
        let config = parse(None, Some("2"), Some("zero"), 8);
        assert_eq!((config.device_num, config.num_cores), (0, 8));
        assert_eq!(config.warnings.len(), 2);
        assert_eq!(parse(None, None, Some("0"), 8).num_cores, 8);
    }
}
