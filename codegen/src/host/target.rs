//! The x86-64 target: a validated CPU name, the target machine, parsing and verifying each
//! kernel's IR text, the optimisation pipeline and object emission.

use std::sync::Once;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module as LlvmModule;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

use crate::{CodegenError, HostOptions};

pub(crate) const TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// The x86-64 CPUs LLVM 19 knows and can generate 64-bit code for. Every other name either is
/// unknown to LLVM or aborts the process ("64-bit code requested on a subtarget that doesn't
/// support it"), so names are checked against this list before LLVM sees them.
const CPUS: &[&str] = &[
    "alderlake",
    "amdfam10",
    "arrowlake",
    "arrowlake-s",
    "arrowlake_s",
    "athlon-fx",
    "athlon64",
    "athlon64-sse3",
    "atom",
    "atom_sse4_2",
    "atom_sse4_2_movbe",
    "barcelona",
    "bdver1",
    "bdver2",
    "bdver3",
    "bdver4",
    "bonnell",
    "broadwell",
    "btver1",
    "btver2",
    "cannonlake",
    "cascadelake",
    "clearwaterforest",
    "cooperlake",
    "core-avx-i",
    "core-avx2",
    "core2",
    "core_2_duo_sse4_1",
    "core_2_duo_ssse3",
    "core_2nd_gen_avx",
    "core_3rd_gen_avx",
    "core_4th_gen_avx",
    "core_4th_gen_avx_tsx",
    "core_5th_gen_avx",
    "core_5th_gen_avx_tsx",
    "core_aes_pclmulqdq",
    "core_i7_sse4_2",
    "corei7",
    "corei7-avx",
    "emeraldrapids",
    "generic",
    "goldmont",
    "goldmont-plus",
    "goldmont_plus",
    "gracemont",
    "grandridge",
    "graniterapids",
    "graniterapids-d",
    "graniterapids_d",
    "haswell",
    "icelake-client",
    "icelake-server",
    "icelake_client",
    "icelake_server",
    "ivybridge",
    "k8",
    "k8-sse3",
    "knl",
    "knm",
    "lunarlake",
    "meteorlake",
    "mic_avx512",
    "nehalem",
    "nocona",
    "opteron",
    "opteron-sse3",
    "pantherlake",
    "penryn",
    "raptorlake",
    "rocketlake",
    "sandybridge",
    "sapphirerapids",
    "sierraforest",
    "silvermont",
    "skx",
    "skylake",
    "skylake-avx512",
    "skylake_avx512",
    "slm",
    "tigerlake",
    "tremont",
    "westmere",
    "x86-64",
    "x86-64-v2",
    "x86-64-v3",
    "x86-64-v4",
    "znver1",
    "znver2",
    "znver3",
    "znver4",
    "znver5",
];

/// The CPU used when none is given: runs on every x86-64 machine.
pub(crate) const DEFAULT_CPU: &str = "x86-64";

/// Whether `cpu` is an x86-64 CPU name LLVM accepts (`native` means the host's).
pub fn is_known_cpu(cpu: &str) -> bool {
    cpu == "native" || CPUS.contains(&cpu)
}

fn initialize() {
    static INIT: Once = Once::new();
    INIT.call_once(|| Target::initialize_x86(&InitializationConfig::default()));
}

/// The target machine for `options`.
pub(crate) fn target_machine(options: &HostOptions) -> Result<TargetMachine, CodegenError> {
    initialize();
    let (cpu, features) = match options.cpu.as_deref() {
        None => (DEFAULT_CPU.to_string(), String::new()),
        Some("native") => (
            TargetMachine::get_host_cpu_name().to_string(),
            TargetMachine::get_host_cpu_features().to_string(),
        ),
        Some(cpu) if CPUS.contains(&cpu) => (cpu.to_string(), String::new()),
        Some(cpu) => {
            return Err(CodegenError::Unsupported {
                span: acc_ir::Span::default(),
                message: format!("'{cpu}' is not an x86-64 CPU this compiler knows"),
            })
        }
    };
    let level = match options.opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let triple = TargetTriple::create(TRIPLE);
    let target = Target::from_triple(&triple)
        .map_err(|e| CodegenError::Internal(format!("x86-64 target unavailable: {e}")))?;
    target
        .create_target_machine(
            &triple,
            &cpu,
            &features,
            level,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CodegenError::Internal(format!("cannot create a target machine for '{cpu}'"))
        })
}

/// The data layout string the module text must carry.
pub(crate) fn data_layout(machine: &TargetMachine) -> String {
    machine
        .get_target_data()
        .get_data_layout()
        .as_str()
        .to_string_lossy()
        .into_owned()
}

/// Parses and verifies one kernel's module text.
pub(crate) fn parse<'ctx>(
    context: &'ctx Context,
    name: &str,
    text: &str,
) -> Result<LlvmModule<'ctx>, CodegenError> {
    let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), name);
    let module = context.create_module_from_ir(buffer).map_err(|e| {
        CodegenError::Internal(format!(
            "kernel '{name}': LLVM rejected the generated IR: {}",
            e.to_string_lossy()
        ))
    })?;
    module.verify().map_err(|e| {
        CodegenError::Internal(format!(
            "kernel '{name}': the generated IR does not verify: {}",
            e.to_string_lossy()
        ))
    })?;
    Ok(module)
}

/// Runs `default<O1..3>` (nothing at -O0) and verifies the result.
pub(crate) fn optimise(
    module: &LlvmModule<'_>,
    machine: &TargetMachine,
    opt_level: u8,
) -> Result<(), CodegenError> {
    module.verify().map_err(|e| {
        CodegenError::Internal(format!(
            "the kernel module does not verify: {}",
            e.to_string_lossy()
        ))
    })?;
    if opt_level == 0 {
        return Ok(());
    }
    let pipeline = format!("default<O{}>", opt_level.min(3));
    module
        .run_passes(&pipeline, machine, PassBuilderOptions::create())
        .map_err(|e| {
            CodegenError::Internal(format!(
                "LLVM pass pipeline failed: {}",
                e.to_string_lossy()
            ))
        })
}

/// The ELF relocatable object of `module`.
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
