//! The environment variables the runtime reads once at start-up: `ACC_DEVICE_TYPE`,
//! `ACC_DEVICE_NUM` and `ACC_NUM_CORES`.
//!
//! Bad or unusable values never stop the program: each produces one warning line and a
//! documented fallback, so a binary built for a GPU still runs on a machine without one.

use crate::device::DeviceKind;

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
}

/// Why a GPU device type cannot be used, for the warning (`None`: the type is usable).
pub fn unavailable_reason(name: &str) -> Option<&'static str> {
    match name {
        "nvidia" => Some("no CUDA driver found"),
        "radeon" => Some("no HIP runtime found"),
        _ => None,
    }
}

/// Builds the configuration from the values of the three variables (`None`: unset).
pub fn parse(
    device_type: Option<&str>,
    device_num: Option<&str>,
    num_cores: Option<&str>,
    available_cores: usize,
) -> Config {
    let mut warnings = Vec::new();
    let device = match device_type.map(str::trim).filter(|value| !value.is_empty()) {
        None => DeviceKind::Multicore,
        Some(value) => match value.to_ascii_lowercase().as_str() {
            "host" => DeviceKind::Host,
            "multicore" | "not_host" | "default" => DeviceKind::Multicore,
            lower @ ("nvidia" | "radeon") => {
                let reason = unavailable_reason(lower).unwrap_or("not available");
                warnings.push(format!(
                    "ACC_DEVICE_TYPE={value}: {reason}; using multicore"
                ));
                DeviceKind::Multicore
            }
            _ => {
                warnings.push(format!(
                    "ACC_DEVICE_TYPE={value}: unknown device type (expected host, multicore, \
                     nvidia or radeon); using multicore"
                ));
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
    fn unavailable_gpus_warn_and_fall_back_to_multicore() {
        let config = parse(Some("nvidia"), None, None, 2);
        assert_eq!(config.device, DeviceKind::Multicore);
        assert_eq!(
            config.warnings,
            vec!["ACC_DEVICE_TYPE=nvidia: no CUDA driver found; using multicore"]
        );
        let config = parse(Some("Radeon"), None, None, 2);
        assert_eq!(
            config.warnings,
            vec!["ACC_DEVICE_TYPE=Radeon: no HIP runtime found; using multicore"]
        );
        assert_eq!(parse(Some("fpga"), None, None, 2).warnings.len(), 1);
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
