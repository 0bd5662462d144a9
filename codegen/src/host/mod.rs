//! Multicore (x86-64 host) kernels: every kernel of a module compiled into one ELF object.
//!
//! Each kernel is written as LLVM IR text on its own ([`kernel`]), parsed and verified alone (so
//! a broken kernel is reported by name), then linked into one module that is optimised and
//! emitted ([`target`]). A kernel that cannot be compiled (`Unsupported`) is left out and
//! reported; the others still compile. A kernel's module also defines the device routines it
//! reaches, and the object exports the device versions other files' kernels call
//! ([`routines`]).

pub(crate) mod kernel;
pub(crate) mod routines;
pub(crate) mod target;

use inkwell::context::Context;
use inkwell::module::Module as LlvmModule;
use inkwell::targets::TargetMachine;

use crate::{CodegenError, HostObject, HostOptions};

/// The optimised module of every kernel that compiled, with the names compiled and skipped.
struct Built<'ctx> {
    module: LlvmModule<'ctx>,
    machine: TargetMachine,
    compiled: Vec<String>,
    exported: Vec<String>,
    skipped: Vec<(String, CodegenError)>,
}

fn build<'ctx>(
    context: &'ctx Context,
    module: &acc_ir::Module,
    options: &HostOptions,
) -> Result<Built<'ctx>, CodegenError> {
    let machine = target::target_machine(options)?;
    let layout = target::data_layout(&machine);
    let combined = context.create_module("accc_kernels");
    combined.set_triple(&machine.get_triple());
    combined.set_data_layout(&machine.get_target_data().get_data_layout());
    let mut compiled = Vec::new();
    let mut skipped = Vec::new();
    for kernel in &module.kernels {
        let written = kernel::kernel_function(module, kernel).and_then(|(mut functions, mw)| {
            let mw = routines::add_routines(module, &[&kernel.body], &mut functions, mw)?;
            Ok((functions, mw))
        });
        match written {
            Ok((functions, declarations)) => {
                let text = declarations.render(&layout, target::TRIPLE, &functions);
                let what = format!("kernel '{}'", kernel.name);
                link_text(context, &combined, &kernel.name, &text, &what)?;
                compiled.push(kernel.name.clone());
            }
            Err(error @ CodegenError::Unsupported { .. }) => {
                skipped.push((kernel.name.clone(), error));
            }
            Err(error) => return Err(error),
        }
    }
    // Device versions other files' kernels call (`routines::exports`).
    let mut exported = Vec::new();
    match routines::exports(module) {
        Ok(Some(routines::Exports {
            functions,
            declarations,
            names,
        })) => {
            let text = declarations.render(&layout, target::TRIPLE, &functions);
            link_text(context, &combined, "exports", &text, "exported routines")?;
            exported = names;
        }
        Ok(None) => {}
        Err(error @ CodegenError::Unsupported { .. }) => {
            skipped.push((crate::EXPORTS_NAME.to_string(), error));
        }
        Err(error) => return Err(error),
    }
    target::optimise(&combined, &machine, options.opt_level)?;
    Ok(Built {
        module: combined,
        machine,
        compiled,
        exported,
        skipped,
    })
}

/// Parses the LLVM IR `text` as module `name` and links it into `combined`; `what` names it in
/// a linking error.
fn link_text<'ctx>(
    context: &'ctx Context,
    combined: &LlvmModule<'ctx>,
    name: &str,
    text: &str,
    what: &str,
) -> Result<(), CodegenError> {
    let parsed = target::parse(context, name, text)?;
    combined.link_in_module(parsed).map_err(|e| {
        CodegenError::Internal(format!("{what}: linking failed: {}", e.to_string_lossy()))
    })
}

/// The stack of the code generation thread: the lowering recurses once per nesting level of
/// the body IR (bounded by `lower`'s depth limit) and LLVM recurses over the IR too.
const STACK_BYTES: usize = 64 << 20;

/// Runs `work` on a thread with a known, large stack, whatever the caller's stack is; a panic
/// there becomes an internal error.
pub(crate) fn on_codegen_thread<T: Send>(
    work: impl FnOnce() -> Result<T, CodegenError> + Send,
) -> Result<T, CodegenError> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("accc-codegen".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, work)
            .map_err(|e| CodegenError::Internal(format!("cannot start the codegen thread: {e}")))?
            .join()
            .unwrap_or_else(|_| {
                Err(CodegenError::Internal(
                    "kernel code generation panicked".into(),
                ))
            })
    })
}

/// Compiles every kernel of `module` into one x86-64 ELF relocatable object.
///
/// Each kernel `k` becomes `void k(void **args, int64_t gang_begin, int64_t gang_end,
/// int32_t thread)`, which runs the region once per gang id in `[gang_begin, gang_end)`; the
/// runtime calls it, possibly on several threads at once, with disjoint ranges covering
/// `[0, G)`. `args[k]` points to argument `k`'s value: `args[0]` to the `int64_t` G, and
/// `args[1 + i]` to parameter `i`'s value (the data's address for `DeviceAddress` and
/// `Reduction`, the variable's value for `Value`, nothing for `Private`).
///
/// Kernels that cannot be compiled are left out and listed in `skipped`; an `Internal` error
/// (a broken IR invariant or IR that LLVM rejects) fails the whole call.
pub fn compile_host_kernels(
    module: &acc_ir::Module,
    options: &HostOptions,
) -> Result<HostObject, CodegenError> {
    on_codegen_thread(|| {
        let context = Context::create();
        let built = build(&context, module, options)?;
        let object = target::emit_object(&built.module, &built.machine)?;
        Ok(HostObject {
            object,
            compiled: built.compiled,
            exported: built.exported,
            skipped: built.skipped,
        })
    })
}

/// The LLVM IR of the same kernels, after the optimisation pipeline of `options.opt_level`.
pub fn host_kernels_llvm_ir(
    module: &acc_ir::Module,
    options: &HostOptions,
) -> Result<String, CodegenError> {
    on_codegen_thread(|| {
        let context = Context::create();
        let built = build(&context, module, options)?;
        Ok(built.module.print_to_string().to_string())
    })
}
