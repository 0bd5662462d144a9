//! Device math libraries: where libdevice (NVIDIA) and ocml (AMD) are found, and linking them
//! into a device module.
//!
//! Search order for libdevice (`libdevice.10.bc`), first hit wins:
//! 1. `ACCC_LIBDEVICE`: the file, or a directory holding it;
//! 2. the PyPI wheel `nvidia-cuda-nvcc-cu12` (`nvidia/cuda_nvcc/nvvm/libdevice/`) in the
//!    virtual environment `scripts/setup.sh` makes (`$XDG_DATA_HOME/accc/venv`, by default
//!    `~/.local/share/accc/venv`), then in `~/.local/lib/python3*/site-packages`,
//!    `/usr/local/lib/python3*/{site,dist}-packages` and `/usr/lib/python3/dist-packages`;
//! 3. a CUDA toolkit: `/usr/local/cuda/nvvm/libdevice/`, then Debian's `nvidia-cuda-toolkit`
//!    (`/usr/lib/nvidia-cuda-toolkit/libdevice/`).
//!
//! Search order for ocml (`ocml.bc`): `ACCC_OCML_DIR` (the directory), Debian's
//! `rocm-device-libs` (`/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/`), then a ROCm install
//! (`/opt/rocm/amdgcn/bitcode/`).
//!
//! A library is linked only into a module that calls it; then every function but the kernels is
//! internalized and the module optimised at `-O3`, so only what the kernels use remains (without
//! that, PTX from libdevice is rejected by ptxas). ocml reads its configuration from `__oclc_*`
//! constants, which the module defines itself (what clang takes from the `oclc_*.bc` files), so
//! every ISA LLVM knows works even where Debian's package lacks its `oclc_isa_version` file.

use std::path::{Path, PathBuf};

use inkwell::context::Context;
use inkwell::module::Module as LlvmModule;

use crate::lower::threads::Gpu;
use crate::CodegenError;

const LIBDEVICE: &str = "libdevice.10.bc";
const OCML: &str = "ocml.bc";

/// The libdevice bitcode file, if one is found (see the module docs for the order).
pub fn find_libdevice() -> Option<PathBuf> {
    if let Some(value) = std::env::var_os("ACCC_LIBDEVICE") {
        let path = PathBuf::from(value);
        let file = if path.is_dir() {
            path.join(LIBDEVICE)
        } else {
            path
        };
        // An explicit setting that is wrong is not silently replaced by another library.
        return file.is_file().then_some(file);
    }
    let wheel = Path::new("nvidia/cuda_nvcc/nvvm/libdevice").join(LIBDEVICE);
    for packages in python_package_dirs() {
        let file = packages.join(&wheel);
        if file.is_file() {
            return Some(file);
        }
    }
    [
        "/usr/local/cuda/nvvm/libdevice",
        "/usr/lib/nvidia-cuda-toolkit/libdevice",
    ]
    .iter()
    .map(|dir| Path::new(dir).join(LIBDEVICE))
    .find(|file| file.is_file())
}

/// The directory holding `ocml.bc`, if one is found.
pub fn find_ocml() -> Option<PathBuf> {
    if let Some(value) = std::env::var_os("ACCC_OCML_DIR") {
        let dir = PathBuf::from(value);
        return dir.join(OCML).is_file().then_some(dir);
    }
    [
        "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
        "/opt/rocm/amdgcn/bitcode",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|dir| dir.join(OCML).is_file())
}

/// Whether device math is available for `gpu` (the emulation calls the host's libm, but
/// only where NVPTX could: so that it compiles exactly the kernels NVPTX compiles).
pub(crate) fn available(gpu: Gpu) -> bool {
    match gpu {
        Gpu::Nvptx | Gpu::Emulated => find_libdevice().is_some(),
        Gpu::Amdgpu => find_ocml().is_some(),
    }
}

/// The accc virtual environment's and Python's package directories, in search order.
fn python_package_dirs() -> Vec<PathBuf> {
    let mut lib_dirs = Vec::new();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".local/share")));
    if let Some(data) = data {
        lib_dirs.push((data.join("accc/venv/lib"), "site-packages"));
    }
    if let Some(home) = &home {
        lib_dirs.push((home.join(".local/lib"), "site-packages"));
    }
    lib_dirs.push((PathBuf::from("/usr/local/lib"), "site-packages"));
    lib_dirs.push((PathBuf::from("/usr/local/lib"), "dist-packages"));
    let mut out = Vec::new();
    for (lib, packages) in lib_dirs {
        let Ok(entries) = std::fs::read_dir(&lib) else {
            continue;
        };
        let mut pythons: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with("python3"))
            .map(|e| e.path().join(packages))
            .collect();
        pythons.sort();
        out.extend(pythons);
    }
    out.push(PathBuf::from("/usr/lib/python3/dist-packages"));
    out
}

/// Whether `module` calls a function of the device math library of `gpu`.
pub(crate) fn needs_library(module: &LlvmModule<'_>, gpu: Gpu) -> bool {
    let prefix = match gpu {
        Gpu::Nvptx => "__nv_",
        Gpu::Amdgpu => "__ocml_",
        // libm, linked into the shared object.
        Gpu::Emulated => return false,
    };
    module.get_functions().any(|function| {
        function.count_basic_blocks() == 0
            && function
                .get_name()
                .to_str()
                .is_ok_and(|name| name.starts_with(prefix))
    })
}

/// The `__oclc_*` configuration ocml reads: IEEE behaviour (no finite-only, unsafe or
/// denormals-are-zero math, correctly rounded `sqrtf`), the wavefront size and the ISA version.
pub(crate) fn ocml_configuration(wave64: bool, isa_version: u32) -> String {
    let constant = |name: &str, ty: &str, value: u32, align: u32| {
        format!(
            "@{name} = protected local_unnamed_addr addrspace(4) constant {ty} {value}, align {align}\n"
        )
    };
    let mut out = String::new();
    out.push_str(&constant("__oclc_finite_only_opt", "i8", 0, 1));
    out.push_str(&constant("__oclc_unsafe_math_opt", "i8", 0, 1));
    out.push_str(&constant("__oclc_daz_opt", "i8", 0, 1));
    out.push_str(&constant("__oclc_correctly_rounded_sqrt32", "i8", 1, 1));
    out.push_str(&constant(
        "__oclc_wavefrontsize64",
        "i8",
        u32::from(wave64),
        1,
    ));
    out.push_str(&constant("__oclc_ISA_version", "i32", isa_version, 4));
    out.push_str(&constant("__oclc_ABI_version", "i32", 500, 4));
    out
}

/// Links the math library of `gpu` into `module` (whose triple and data layout the library
/// takes over).
pub(crate) fn link_library<'ctx>(
    context: &'ctx Context,
    module: &LlvmModule<'ctx>,
    gpu: Gpu,
) -> Result<(), CodegenError> {
    let path = match gpu {
        Gpu::Nvptx => find_libdevice(),
        Gpu::Amdgpu => find_ocml().map(|dir| dir.join(OCML)),
        Gpu::Emulated => None,
    }
    .ok_or_else(|| CodegenError::Internal("the device math library disappeared".into()))?;
    let library = LlvmModule::parse_bitcode_from_path(&path, context).map_err(|e| {
        CodegenError::Internal(format!(
            "cannot read '{}': {}",
            path.display(),
            e.to_string_lossy()
        ))
    })?;
    library.set_triple(&module.get_triple());
    library.set_data_layout(&module.get_data_layout());
    module.link_in_module(library).map_err(|e| {
        CodegenError::Internal(format!(
            "linking '{}' failed: {}",
            path.display(),
            e.to_string_lossy()
        ))
    })
}
