//! The GPU targets: the offload architectures accepted (checked before LLVM sees a name),
//! target machines, internalizing a linked module, PTX and code object emission, and linking
//! AMDGPU code objects with `ld.lld`.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Once;

use inkwell::module::{Linkage, Module as LlvmModule};
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

use crate::lower::threads::Gpu;
use crate::CodegenError;

pub(crate) const NVPTX_TRIPLE: &str = "nvptx64-nvidia-cuda";
pub(crate) const AMDGPU_TRIPLE: &str = "amdgcn-amd-amdhsa";

/// NVIDIA architectures LLVM 19 generates PTX for (sm_100 and later are unknown to it).
pub const NVPTX_ARCHS: &[&str] = &[
    "sm_60", "sm_61", "sm_62", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89",
    "sm_90", "sm_90a",
];

/// AMD architectures LLVM 19 generates code objects for that accc accepts (gfx950 is unknown
/// to LLVM 19 and aborts it), with their wavefront size and ocml ISA version number.
const AMDGPU_ARCHS: &[(&str, bool, u32)] = &[
    ("gfx900", true, 9000),
    ("gfx906", true, 9006),
    ("gfx908", true, 9008),
    ("gfx90a", true, 9010),
    ("gfx940", true, 9400),
    ("gfx941", true, 9401),
    ("gfx942", true, 9402),
    ("gfx1030", false, 10300),
    ("gfx1100", false, 11000),
];

/// The default architecture of each target: sm_70 PTX is JIT-compiled by the driver for every
/// later NVIDIA GPU; AMD code objects run only on their own ISA, gfx90a (MI200) is the default.
pub const DEFAULT_NVPTX_ARCH: &str = "sm_70";
pub const DEFAULT_AMDGPU_ARCH: &str = "gfx90a";

/// A GPU architecture accc compiles for (`--offload-arch=` names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OffloadArch {
    name: &'static str,
    gpu: Gpu,
}

impl OffloadArch {
    /// The architecture of this name, if accc knows it.
    pub fn parse(name: &str) -> Option<OffloadArch> {
        if let Some(&known) = NVPTX_ARCHS.iter().find(|&&a| a == name) {
            return Some(OffloadArch {
                name: known,
                gpu: Gpu::Nvptx,
            });
        }
        AMDGPU_ARCHS
            .iter()
            .find(|(a, ..)| *a == name)
            .map(|(known, ..)| OffloadArch {
                name: known,
                gpu: Gpu::Amdgpu,
            })
    }

    /// Every name [`OffloadArch::parse`] accepts.
    pub fn known_names() -> Vec<&'static str> {
        let mut names: Vec<&'static str> = NVPTX_ARCHS.to_vec();
        names.extend(AMDGPU_ARCHS.iter().map(|(name, ..)| *name));
        names
    }

    /// The default NVIDIA architecture.
    pub fn default_nvptx() -> OffloadArch {
        OffloadArch {
            name: DEFAULT_NVPTX_ARCH,
            gpu: Gpu::Nvptx,
        }
    }

    /// The default AMD architecture.
    pub fn default_amdgpu() -> OffloadArch {
        OffloadArch {
            name: DEFAULT_AMDGPU_ARCH,
            gpu: Gpu::Amdgpu,
        }
    }

    pub fn name(self) -> &'static str {
        self.name
    }

    /// Whether this is an NVIDIA architecture (PTX, or its CPU emulation), not an AMD one
    /// (code objects).
    pub fn is_nvptx(self) -> bool {
        self.gpu.lowered_as() == Gpu::Nvptx
    }

    /// The test-only CPU emulation of this NVIDIA architecture ([`super::emulate`]): the same
    /// name, the NVPTX lowering, an x86-64 shared object as the image. `None` for AMD ones.
    pub fn emulated(self) -> Option<OffloadArch> {
        self.is_nvptx().then_some(OffloadArch {
            name: self.name,
            gpu: Gpu::Emulated,
        })
    }

    /// Whether this is the CPU emulation of an NVIDIA architecture.
    pub fn is_emulated(self) -> bool {
        self.gpu == Gpu::Emulated
    }

    pub(crate) fn gpu(self) -> Gpu {
        self.gpu
    }

    pub(crate) fn triple(self) -> &'static str {
        match self.gpu {
            Gpu::Nvptx => NVPTX_TRIPLE,
            Gpu::Amdgpu => AMDGPU_TRIPLE,
            Gpu::Emulated => crate::host::target::TRIPLE,
        }
    }

    /// AMDGPU: (wavefront size 64, ocml ISA version).
    pub(crate) fn amdgpu_config(self) -> (bool, u32) {
        AMDGPU_ARCHS
            .iter()
            .find(|(name, ..)| *name == self.name)
            .map(|&(_, wave64, isa)| (wave64, isa))
            .unwrap_or((true, 9010))
    }
}

fn initialize() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let config = InitializationConfig::default();
        Target::initialize_nvptx(&config);
        Target::initialize_amd_gpu(&config);
    });
}

/// The target machine of `arch` (the name was checked by [`OffloadArch::parse`]).
pub(crate) fn target_machine(
    arch: OffloadArch,
    opt_level: u8,
) -> Result<TargetMachine, CodegenError> {
    if arch.gpu == Gpu::Emulated {
        // Generic x86-64, at the level the PTX would be optimised at.
        return crate::host::target::target_machine(&crate::HostOptions {
            opt_level,
            cpu: None,
        });
    }
    initialize();
    let level = match opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let triple = TargetTriple::create(arch.triple());
    let target = Target::from_triple(&triple).map_err(|e| {
        CodegenError::Internal(format!("{} target unavailable: {e}", arch.triple()))
    })?;
    target
        .create_target_machine(
            &triple,
            arch.name(),
            "",
            level,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CodegenError::Internal(format!(
                "cannot create a target machine for '{}'",
                arch.name()
            ))
        })
}

/// Gives every defined function and global but the kernels and the program's `globals` (the
/// device copies of declared globals, [`super::DeviceGlobal`]) internal linkage, so that the
/// optimiser drops what the kernels do not use and may change the rest freely.
pub(crate) fn internalize(module: &LlvmModule<'_>, kernels: &[String], globals: &[String]) {
    for function in module.get_functions() {
        let name = function.get_name().to_string_lossy();
        if function.count_basic_blocks() > 0 && !kernels.iter().any(|k| *k == name) {
            function.set_linkage(Linkage::Internal);
        }
    }
    for global in module.get_globals() {
        let name = global.get_name().to_string_lossy();
        if global.get_initializer().is_some() && !globals.iter().any(|g| *g == name) {
            global.set_linkage(Linkage::Internal);
        }
    }
}

/// PTX (NVPTX) or AMDGPU assembly text of `module`.
pub(crate) fn emit_assembly(
    module: &LlvmModule<'_>,
    machine: &TargetMachine,
) -> Result<String, CodegenError> {
    machine
        .write_to_memory_buffer(module, FileType::Assembly)
        .map(|buffer| String::from_utf8_lossy(buffer.as_slice()).into_owned())
        .map_err(|e| {
            CodegenError::Internal(format!("assembly emission failed: {}", e.to_string_lossy()))
        })
}

/// The AMDGPU relocatable object of `module`.
pub(crate) fn emit_object(
    module: &LlvmModule<'_>,
    machine: &TargetMachine,
) -> Result<Vec<u8>, CodegenError> {
    machine
        .write_to_memory_buffer(module, FileType::Object)
        .map(|buffer| buffer.as_slice().to_vec())
        .map_err(|e| {
            CodegenError::Internal(format!("object emission failed: {}", e.to_string_lossy()))
        })
}

/// The `ld.lld` to link AMDGPU code objects with: `ACCC_LD_LLD`, else `ld.lld-19` or `ld.lld`
/// on the `PATH`, else LLVM 19's own.
pub fn find_ld_lld() -> Option<PathBuf> {
    if let Some(value) = std::env::var_os("ACCC_LD_LLD") {
        return Some(PathBuf::from(value));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["ld.lld-19", "ld.lld"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    let llvm = PathBuf::from("/usr/lib/llvm-19/bin/ld.lld");
    llvm.is_file().then_some(llvm)
}

/// Links an AMDGPU relocatable object into a loadable code object (`ld.lld -shared
/// --no-undefined`: an unresolved function — a math call without ocml — is an error, not a
/// code object that fails when loaded).
pub fn link_code_object(object: &[u8]) -> Result<Vec<u8>, CodegenError> {
    let linker = find_ld_lld().ok_or_else(|| {
        CodegenError::Internal("ld.lld not found (install lld-19 or set ACCC_LD_LLD)".into())
    })?;
    link_shared(
        Command::new(&linker).args(["-shared", "--no-undefined"]),
        &[],
        object,
        "amdgpu",
    )
}

/// Runs `linker` as `<linker> -o <output> <input> <libraries>` on `object` written to a
/// temporary file (named after `kind`, the process and a counter) and returns the output's
/// bytes; both files are removed.
pub(crate) fn link_shared(
    linker: &mut Command,
    libraries: &[&str],
    object: &[u8],
    kind: &str,
) -> Result<Vec<u8>, CodegenError> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let program = linker.get_program().to_string_lossy().into_owned();
    let stem = std::env::temp_dir().join(format!(
        "accc-{kind}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let input = stem.with_extension("o");
    let output = stem.with_extension("so");
    let result = (|| {
        std::fs::write(&input, object).map_err(|e| {
            CodegenError::Internal(format!("cannot write '{}': {e}", input.display()))
        })?;
        let run = linker
            .arg("-o")
            .arg(&output)
            .arg(&input)
            .args(libraries)
            .output()
            .map_err(|e| CodegenError::Internal(format!("cannot run '{program}': {e}")))?;
        if !run.status.success() {
            return Err(CodegenError::Internal(format!(
                "'{program}' failed on the {kind} device code: {}",
                String::from_utf8_lossy(&run.stderr).trim()
            )));
        }
        std::fs::read(&output)
            .map_err(|e| CodegenError::Internal(format!("cannot read '{}': {e}", output.display())))
    })();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    result
}
