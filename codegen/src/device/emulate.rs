//! The NVPTX emulation (test-only): the NVIDIA device lowering compiled for the CPU, so that
//! the mock CUDA driver (tests/mockcuda/mockcuda.c) runs the device code paths themselves —
//! gang/worker/vector distribution over `blockIdx`/`threadIdx`, the block's thread pool,
//! barriers, shared-memory reduction combines, leader-only stores, the atomic spin lock,
//! one-thread-block kernels, device globals and `declare link` pointers — without a GPU.
//!
//! The link step builds this image instead of PTX when `ACCC_EMULATE_NVPTX=1`
//! (`driver/src/offload.rs`); it is registered as the NVIDIA image (same kernels, globals and
//! links) and loaded by the runtime's `nvidia` device through `cuModuleLoadDataEx` unchanged.
//!
//! [`Gpu::Emulated`] lowers exactly as [`Gpu::Nvptx`] except the machine primitives
//! ([`crate::lower::threads`]): special registers are loads from the thread-local
//! `__accemu_state` ([`crate::lower::threads::EMU_STATE`]), `barrier0` is a call through the
//! function pointer stored there, `membar.gl` is `fence seq_cst`, the shared reduction buffer is
//! a `thread_local` global in address space 0 (the blocks of a launch run one after another on
//! one OS thread, so one copy per OS thread is one per block), device globals and the atomic
//! lock are plain globals, and device math calls the host's libm (only where libdevice would
//! be linked, so that the same kernels are compiled and skipped as for NVPTX). The module is
//! compiled for x86-64 at the PTX's optimisation level and linked by `cc -shared` into a shared
//! object that exports, per kernel, `void __accemu_entry_<kernel>(void **args)` (the
//! `cuLaunchKernel` argument array) and `i32 __accemu_max_threads_<kernel>`, the device
//! globals (protected, and the object is linked `-Bsymbolic`, so that its code never binds to
//! the program's host variables of the same symbols) and `__accemu_state`.
//!
//! Memory checks ([`checks`]): the emulated code is CPU code, so a kernel that dereferences a
//! host address — which faults on a GPU with `CUDA_ERROR_ILLEGAL_ADDRESS` — would silently read
//! host memory and work. Before the module is optimised, every load, store, atomic and memory
//! intrinsic whose address may reach global memory (not an alloca, a global or a `byval`
//! parameter) gets a check: a compare with the access site's slot in the thread-local
//! `__accemu_sites`, else a call of the mock through the image's pointer `__accemu_check`. The
//! mock fails the launch, naming the kernel and the address, unless the bytes lie in a live
//! device allocation, on the running thread's own stack or in the image's own memory. The
//! image exports the pointer, the slots and their size (`__accemu_sites_bytes`) for the mock.
//! Device code's `malloc` and `free` call the mock too ([`EMU_HEAP`]), so the memory they give
//! is a device allocation.
//!
//! What it cannot check: PTX itself and the JIT (ptxas does that), warp-synchronous behaviour,
//! the GPU memory model (threads of a block interleave only at barriers), concurrency between
//! blocks (they run one after another), and accesses made inside the host's libm (device math
//! with pointer arguments, such as `frexp`'s exponent, is not checked).

use std::process::Command;

mod checks;

pub(crate) use checks::insert_checks;
use checks::{EMU_CHECK, EMU_SITES, EMU_SITES_BYTES};

use super::kernel::{EMU_ENTRY_PREFIX, EMU_MAX_THREADS_PREFIX};
use crate::lower::threads::{EMU_STATE, EMU_STATE_TYPE};
use crate::CodegenError;

/// Device code's `malloc` and `free` (the CUDA device heap) call `__accemu_malloc` and
/// `__accemu_free`, which call the mock through the pair of pointers [`EMU_HEAP`] (set at
/// load): the memory is a device allocation of the mock, so the memory checks accept it.
pub(crate) const EMU_HEAP_PREFIX: &str = "__accemu_";
/// The mock's `malloc` and `free` for device code, `[2 x ptr]`.
pub(crate) const EMU_HEAP: &str = "__accemu_heap";

/// The module text that defines `__accemu_state`, zero-initialised, the memory checks'
/// function pointer [`EMU_CHECK`], null until the mock sets it, the check of one access
/// ([`checks::check_at_definition`]) and the device heap's functions ([`EMU_HEAP`]).
pub(crate) fn state_module(layout: &str) -> String {
    format!(
        "target datalayout = \"{layout}\"\ntarget triple = \"{}\"\n@{EMU_STATE} = thread_local global {EMU_STATE_TYPE} zeroinitializer, align 8\n@{EMU_CHECK} = global ptr null, align 8\n{}{}",
        crate::host::target::TRIPLE,
        checks::check_at_definition(),
        heap_definitions(),
    )
}

/// `@__accemu_malloc(i64)` and `@__accemu_free(ptr)`: calls through [`EMU_HEAP`].
fn heap_definitions() -> String {
    format!(
        "@{EMU_HEAP} = global [2 x ptr] zeroinitializer, align 8\n\
         define ptr @{EMU_HEAP_PREFIX}malloc(i64 %bytes) {{\n  %f = load ptr, ptr @{EMU_HEAP}, align 8\n  %p = call ptr %f(i64 %bytes)\n  ret ptr %p\n}}\n\
         define void @{EMU_HEAP_PREFIX}free(ptr %p) {{\n  %slot = getelementptr inbounds [2 x ptr], ptr @{EMU_HEAP}, i64 0, i64 1\n  %f = load ptr, ptr %slot, align 8\n  call void %f(ptr %p)\n  ret void\n}}\n"
    )
}

/// The entry wrappers of `kernels`.
pub(crate) fn entries(kernels: &[String]) -> Vec<String> {
    kernels
        .iter()
        .map(|k| format!("{EMU_ENTRY_PREFIX}{k}"))
        .collect()
}

/// The globals of the image the emulator reads or writes besides the device globals: the
/// state, the memory checks' pointer, slots and their size, and each kernel's maximum threads
/// per block.
pub(crate) fn exported_globals(kernels: &[String]) -> Vec<String> {
    [EMU_STATE, EMU_CHECK, EMU_SITES, EMU_SITES_BYTES, EMU_HEAP]
        .into_iter()
        .map(String::from)
        .chain(
            kernels
                .iter()
                .map(|k| format!("{EMU_MAX_THREADS_PREFIX}{k}")),
        )
        .collect()
}

/// Links the x86-64 object of the emulated module into a shared object (`cc -shared -fPIC
/// -Wl,-Bsymbolic ... -lm`) and returns its bytes.
pub(crate) fn link_shared_object(object: &[u8]) -> Result<Vec<u8>, CodegenError> {
    super::target::link_shared(
        Command::new("cc").args(["-shared", "-fPIC", "-Wl,-Bsymbolic"]),
        &["-lm"],
        object,
        "emulated",
    )
}
