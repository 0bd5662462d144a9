//! Code generation on IR the fuzzer builds: every module the `.accc.ir` reader accepts goes
//! through the host (x86-64) kernel code generator and, with bit 3 of the mode byte, the NVPTX
//! and AMDGPU ones, each producing LLVM IR text that LLVM parses and verifies before anything
//! else (inkwell).
//!
//! The first byte picks how the module is made, as in the `ir` target: even, the rest is a
//! `.accc.ir` section's contents (`serial::decode`); odd, the rest drives
//! `accc_fuzz::Structured`, and the module is kept only if `serial::decode` of its encoding
//! accepts it (the gate the link step puts in front of code generation). Bits 1-2 are the
//! optimisation level.
//!
//! Asserted: code generation returns (no panic, no LLVM abort, no hang) and never answers
//! `CodegenError::Internal` — the IR broke an invariant the verifiers let through, or the
//! generated LLVM IR was rejected by LLVM's parser or verifier; both are bugs. `Unsupported`
//! and `NoDeviceMath` are the kernels' honest refusals.
#![no_main]

use acc_ir::{serial, Module};
use accc_codegen::{
    compile_device_kernels, host_kernels_llvm_ir, CodegenError, DeviceOptions, DeviceProduct,
    HostOptions, OffloadArch,
};
use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fn check(what: &str, result: Result<impl Sized, CodegenError>) {
    if let Err(CodegenError::Internal(message)) = result {
        panic!("{what}: internal error: {message}");
    }
}

fuzz_target!(|data: &[u8]| {
    accc_fuzz::keep_last(data);
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let modules = if mode & 1 == 0 {
        match serial::decode(rest) {
            Ok(modules) => modules,
            Err(_) => return,
        }
    } else {
        let mut u = Unstructured::new(rest);
        let Ok(module) = accc_fuzz::structured::<Module>(&mut u) else {
            return;
        };
        match serial::decode(&serial::encode(&module)) {
            Ok(modules) => modules,
            Err(_) => return,
        }
    };
    let opt_level = (mode >> 1) & 3;
    for module in &modules {
        if module.kernels.is_empty() && module.device_functions.is_empty() {
            continue;
        }
        let host = HostOptions {
            opt_level,
            cpu: None,
        };
        check("host kernels", host_kernels_llvm_ir(module, &host));
        if mode & 8 != 0 {
            for name in ["sm_70", "gfx90a"] {
                let Some(arch) = OffloadArch::parse(name) else {
                    continue;
                };
                let options = DeviceOptions { arch, opt_level };
                check(
                    name,
                    compile_device_kernels(module, &options, DeviceProduct::LlvmIr),
                );
            }
        }
    }
});
