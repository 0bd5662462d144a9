//! The GPU device types, `nvidia` and `radeon`, and why one cannot be selected
//! (`ACC_DEVICE_TYPE`, `acc_set_device_type`, `acc_init`, the `set` and `init` directives):
//! for `nvidia` the CUDA backend's reason ([`crate::cuda::device_count`]: the driver library
//! cannot be loaded, cannot be initialised, or finds no device); for `radeon`, which has no
//! backend yet, whether the HIP runtime `libamdhip64.so.*` can be loaded here at all, and if it
//! can, that the backend is what is missing.
//!
//! This is one of the runtime's FFI modules (`dlopen` to look for the libraries).

#![allow(unsafe_code)]

use std::ffi::{CStr, CString};

use crate::device::device_type;

/// A GPU device type of `acc_device_t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gpu {
    Nvidia,
    Radeon,
}

impl Gpu {
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
            Gpu::Nvidia => &["libcuda.so.1"],
            Gpu::Radeon => &[
                "libamdhip64.so.7",
                "libamdhip64.so.6",
                "libamdhip64.so.5",
                "libamdhip64.so",
            ],
        }
    }

    fn library_role(self) -> &'static str {
        match self {
            Gpu::Nvidia => "the CUDA driver library",
            Gpu::Radeon => "the HIP runtime library",
        }
    }

    /// Why this device type cannot be used here, looking for its library now:
    /// `the CUDA driver library libcuda.so.1 cannot be loaded (<dlerror>)`, or, when it loads,
    /// that libaccrt has no backend for it yet.
    pub fn unavailable_reason(self) -> String {
        if self == Gpu::Nvidia {
            return match crate::cuda::device_count() {
                Ok(count) if count > 0 => format!("the CUDA driver has {count} devices"),
                Ok(_) => "the CUDA driver finds no device".to_string(),
                Err(reason) => reason,
            };
        }
        let mut last_error = String::new();
        for library in self.libraries() {
            match probe(library) {
                Ok(()) => {
                    return format!(
                        "{} {library} is installed, but libaccrt cannot run kernels on {} \
                         devices yet (no {} backend)",
                        self.library_role(),
                        self.name(),
                        match self {
                            Gpu::Nvidia => "CUDA",
                            Gpu::Radeon => "HIP",
                        }
                    )
                }
                Err(error) => last_error = error,
            }
        }
        let tried = self.libraries().join(", ");
        format!(
            "{} cannot be loaded (tried {tried}; {last_error})",
            self.library_role()
        )
    }
}

/// Whether `library` can be loaded; the `dlerror()` text when it cannot.
fn probe(library: &str) -> Result<(), String> {
    let name = CString::new(library).map_err(|_| "invalid library name".to_string())?;
    // SAFETY: a NUL-terminated name. Loading the vendor library runs its initialisers, as the
    // backend itself would; the handle is closed again at once.
    let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_LAZY | libc::RTLD_LOCAL) };
    if handle.is_null() {
        // SAFETY: dlerror returns null or a NUL-terminated string owned by libdl, valid until
        // the next dl* call on this thread; it is copied at once.
        let text = unsafe { libc::dlerror() };
        if text.is_null() {
            return Err("unknown error".to_string());
        }
        // SAFETY: non-null and NUL-terminated (see above).
        return Err(unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned());
    }
    // SAFETY: a handle dlopen returned, closed once.
    unsafe { libc::dlclose(handle) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_is_named_with_the_loader_message() {
        assert!(probe("libaccrt-test-no-such-library.so.9")
            .unwrap_err()
            .contains("libaccrt-test-no-such-library.so.9"));
        assert!(probe("libc.so.6").is_ok());
    }

    #[test]
    fn reasons_name_the_libraries() {
        for gpu in [Gpu::Nvidia, Gpu::Radeon] {
            let reason = gpu.unavailable_reason();
            // Either the library is missing (the usual case) or the backend is.
            assert!(
                reason.contains("cannot be loaded (")
                    || reason.contains("but libaccrt cannot run kernels")
                    || reason.contains("CUDA driver"),
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
