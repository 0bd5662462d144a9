//! accc-codegen: kernel generation from acc-ir with LLVM (through inkwell).
//!
//! Every [`acc_ir::body::Kernel`] of a module becomes a multicore kernel, an external function
//! of an x86-64 ELF object that the runtime calls once per range of gangs (the ABI is documented
//! on [`compile_host_kernels`]), and a GPU kernel for NVIDIA (PTX) or AMD (a code object), whose
//! launch ABI is documented in [`device`]. Both reuse the same body lowering (the private `lower`
//! module); only the kernel entry (`host::kernel`, `device::kernel`), how a thread finds its
//! gang and lanes (`lower::threads` on GPUs), and the target machine differ.
//!
//! Code map: `llvm::ty` (LLVM types and their x86-64 layout, which the GPUs share), `llvm::text`
//! (writing IR text), `lower::{expr, arith, call, stmt, accloop, reduce, atomic}` (the body IR),
//! `lower::threads` (GPU thread pool, barriers, leader-only code), `host::kernel` (the multicore
//! ABI), `host::target` (CPU names, passes, object emission), `device::{kernel, target, math}`
//! (the GPU entry, architectures and emission, libdevice/ocml).
//!
//! The body IR is lowered to LLVM IR *text* (`llvm::text`) that LLVM parses and verifies:
//! inkwell's safe API cannot build GEPs, floating-point `atomicrmw` or self-referential loop
//! metadata, and text turns every mistake into an error instead of a crash. Nothing that could
//! abort LLVM reaches it: CPU and GPU architecture names are checked against lists, math goes to
//! libm or intrinsics x86-64 lowers inline (libdevice/ocml or inline intrinsics on GPUs), types
//! GPUs lack are refused, and every module is verified before it is optimised.

pub mod device;
mod host;
mod llvm;
mod lower;

pub use device::{
    compile_device_kernels, compile_device_program, BlockShape, DeviceCode, DeviceGlobal,
    DeviceKernel, DeviceLink, DeviceOptions, DeviceProduct, OffloadArch,
};
pub use host::target::is_known_cpu;
pub use host::{compile_host_kernels, host_kernels_llvm_ir, write_host_kernels, HostKernelTexts};

use std::fmt;

/// Options of host kernel compilation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostOptions {
    /// 0..=3, from `-O` (values above 3 mean 3).
    pub opt_level: u8,
    /// The CPU to tune and select instructions for: `None` is generic `x86-64`, `"native"` the
    /// host's CPU and features, anything else must be a CPU LLVM knows ([`is_known_cpu`]).
    pub cpu: Option<String>,
}

/// Why a kernel (or the whole compilation) failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodegenError {
    /// This kernel cannot be compiled; the caller falls back to host code with a remark. An
    /// unknown CPU name is reported this way too, with an unknown span.
    Unsupported { span: acc_ir::Span, message: String },
    /// GPU kernels only: a math function has no device implementation (the device library is
    /// missing). The kernel is left out like an `Unsupported` one, but asking for its device
    /// code explicitly is an error.
    NoDeviceMath { span: acc_ir::Span, message: String },
    /// A bug: the IR broke an invariant, or LLVM rejected what was generated.
    Internal(String),
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodegenError::Unsupported { message, .. } => {
                write!(f, "cannot compile kernel: {message}")
            }
            CodegenError::NoDeviceMath { message, .. } => write!(f, "{message}"),
            CodegenError::Internal(message) => write!(f, "internal error: {message}"),
        }
    }
}

impl std::error::Error for CodegenError {}

/// The name [`HostObject::skipped`] gives the exported device versions when they could not be
/// compiled.
pub const EXPORTS_NAME: &str = "exported routines";

/// The object of a module's multicore kernels.
#[derive(Clone, Debug)]
pub struct HostObject {
    /// An x86-64 ELF relocatable object defining one function per compiled kernel.
    pub object: Vec<u8>,
    /// The names of the kernels in `object`.
    pub compiled: Vec<String>,
    /// The device versions `object` exports for other files' kernels
    /// (`acc_ir::body::EXPORT_PREFIX` names).
    pub exported: Vec<String>,
    /// Kernels left out, each with why.
    pub skipped: Vec<(String, CodegenError)>,
}
