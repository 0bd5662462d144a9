//! Multicore (x86-64 host) kernels: every kernel of a module compiled into one ELF object.
//!
//! Each kernel is written as LLVM IR text on its own ([`kernel`]), parsed and verified alone (so
//! a broken kernel is reported by name), then linked into one module that is optimised and
//! emitted ([`target`]). Writing the texts ([`write_host_kernels`]) settles which kernels
//! compile, so the driver can write and compile the host code while LLVM runs
//! ([`HostKernelTexts::compile`]). A kernel that cannot be compiled (`Unsupported`) is left out and
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

/// The LLVM IR text of every kernel of a module that can be compiled, written but not yet
/// parsed or optimised: which kernels compile is known from here on, so the host code that
/// launches them can be written (and compiled by the host compiler) while LLVM works on
/// these texts ([`HostKernelTexts::compile`]).
#[derive(Debug)]
pub struct HostKernelTexts {
    options: HostOptions,
    /// Each module text with its name and what a linking error calls it.
    texts: Vec<KernelText>,
    /// The kernels whose text was written, in module order.
    pub compiled: Vec<String>,
    /// The device versions the object will export for other files' kernels.
    pub exported: Vec<String>,
    /// Kernels left out, each with why.
    pub skipped: Vec<(String, CodegenError)>,
}

#[derive(Debug)]
struct KernelText {
    name: String,
    what: String,
    text: String,
}

/// Writes the IR text of every kernel of `module` (and of the device versions it exports); a
/// kernel that cannot be compiled is left out and listed in `skipped`.
pub fn write_host_kernels(
    module: &acc_ir::Module,
    options: &HostOptions,
) -> Result<HostKernelTexts, CodegenError> {
    on_codegen_thread(|| {
        let machine = target::target_machine(options)?;
        let layout = target::data_layout(&machine);
        let mut texts = Vec::new();
        let mut compiled = Vec::new();
        let mut skipped = Vec::new();
        for kernel in &module.kernels {
            let written =
                kernel::kernel_function(module, kernel).and_then(|(mut functions, mw)| {
                    let mw = routines::add_routines(module, &[&kernel.body], &mut functions, mw)?;
                    Ok((functions, mw))
                });
            match written {
                Ok((functions, declarations)) => {
                    texts.push(KernelText {
                        name: kernel.name.clone(),
                        what: format!("kernel '{}'", kernel.name),
                        text: declarations.render(&layout, target::TRIPLE, &functions),
                    });
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
                texts.push(KernelText {
                    name: "exports".into(),
                    what: "exported routines".into(),
                    text: declarations.render(&layout, target::TRIPLE, &functions),
                });
                exported = names;
            }
            Ok(None) => {}
            Err(error @ CodegenError::Unsupported { .. }) => {
                skipped.push((crate::EXPORTS_NAME.to_string(), error));
            }
            Err(error) => return Err(error),
        }
        Ok(HostKernelTexts {
            options: options.clone(),
            texts,
            compiled,
            exported,
            skipped,
        })
    })
}

impl HostKernelTexts {
    /// Parses, verifies, links, optimises and emits the kernels: one x86-64 ELF object (see
    /// [`compile_host_kernels`] for its ABI).
    pub fn compile(self) -> Result<HostObject, CodegenError> {
        on_codegen_thread(|| {
            let context = Context::create();
            let (module, machine) = self.optimised(&context)?;
            let object = target::emit_object(&module, &machine)?;
            Ok(HostObject {
                object,
                compiled: self.compiled,
                exported: self.exported,
                skipped: self.skipped,
            })
        })
    }

    /// The LLVM IR of the kernels after the optimisation pipeline of the options' level.
    pub fn llvm_ir(self) -> Result<String, CodegenError> {
        on_codegen_thread(|| {
            let context = Context::create();
            let (module, _) = self.optimised(&context)?;
            Ok(module.print_to_string().to_string())
        })
    }

    /// One module of every text, optimised. Each text is parsed and verified alone (so a
    /// broken kernel is reported by name); the modules are linked in pairs, round after round
    /// (order kept), because each link walks every type of its destination: linking them one
    /// by one into a growing module took time quadratic in the kernels. The result is linked
    /// into `accc_kernels`, which carries the target machine's triple and layout.
    fn optimised<'ctx>(
        &self,
        context: &'ctx Context,
    ) -> Result<(LlvmModule<'ctx>, TargetMachine), CodegenError> {
        let machine = target::target_machine(&self.options)?;
        let mut round: Vec<(LlvmModule<'ctx>, &str)> = Vec::with_capacity(self.texts.len());
        for text in &self.texts {
            round.push((target::parse(context, &text.name, &text.text)?, &text.what));
        }
        while round.len() > 1 {
            let mut next = Vec::with_capacity(round.len().div_ceil(2));
            let mut modules = round.into_iter();
            while let Some((first, what)) = modules.next() {
                if let Some((second, other)) = modules.next() {
                    link(&first, second, other)?;
                }
                next.push((first, what));
            }
            round = next;
        }
        let combined = context.create_module("accc_kernels");
        combined.set_triple(&machine.get_triple());
        combined.set_data_layout(&machine.get_target_data().get_data_layout());
        if let Some((module, what)) = round.pop() {
            link(&combined, module, what)?;
        }
        target::optimise(&combined, &machine, self.options.opt_level)?;
        Ok((combined, machine))
    }
}

/// Links `source` into `destination`; `what` names `source` in a linking error.
fn link<'ctx>(
    destination: &LlvmModule<'ctx>,
    source: LlvmModule<'ctx>,
    what: &str,
) -> Result<(), CodegenError> {
    destination.link_in_module(source).map_err(|e| {
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
    write_host_kernels(module, options)?.compile()
}

/// The LLVM IR of the same kernels, after the optimisation pipeline of `options.opt_level`.
pub fn host_kernels_llvm_ir(
    module: &acc_ir::Module,
    options: &HostOptions,
) -> Result<String, CodegenError> {
    write_host_kernels(module, options)?.llvm_ir()
}
