//! The multicore kernel ABI: one external function per kernel,
//! `void k(void **args, int64_t gang_begin, int64_t gang_end, int32_t thread)`, that runs the
//! region body once per gang id in `[gang_begin, gang_end)`.
//!
//! Every `args[k]` points to the value of argument `k`, as with `cuLaunchKernel` (the runtime
//! copies the values at launch, `runtime/include/accrt.h`): `args[0]` points to the `int64_t`
//! gang counts of the launch, `int64_t[4]` = `{G, G1, G2, G3}` (G = G1·G2·G3, the gangs along
//! each `num_gangs` dimension; `[gang_begin, gang_end)` are flat gang ids, see
//! [`crate::lower::Gangs`]), and `args[1 + i]` belongs to `kernel.params[i]`:
//! * `DeviceAddress`, `Reduction`: points to a `void *` holding the address of the variable's
//!   data (the array, the struct, the scalar's storage) — what `Variable(v)` evaluates to;
//! * `Value`: points to the variable's value at region entry, copied into a gang-local alloca
//!   at the start of each gang;
//! * `Private`: unused; each gang gets a fresh uninitialised alloca (an array of run-time
//!   size: storage the kernel reserves from the runtime, see `Cx::runtime_sized_private`).
//!
//! A reduction parameter gets a partial per gang, initialised to the identity and combined
//! atomically into the variable at the end of the gang.
//!
//! Worker loops are outlined into internal functions of the same module and forked over the
//! gang's team of threads ([`crate::lower::fork`]).

use acc_ir::body::{Kernel, Passing};
use acc_ir::Module;

use crate::llvm::text::{global_name, ModuleWriter, Val};
use crate::llvm::ty::Ty;
use crate::lower::fork::ForkSite;
use crate::lower::{Binding, Cx, Gangs, R};

/// Writes the LLVM function of `kernel` and the functions its worker loops are outlined to
/// ([`crate::lower::fork`]); returns their texts, the kernel's first, and the module-level
/// declarations they need.
pub(crate) fn kernel_function(module: &Module, kernel: &Kernel) -> R<(Vec<String>, ModuleWriter)> {
    let mut cx = Cx::new(module, &kernel.body, kernel.span);
    cx.begin_debug(&kernel.name);
    cx.fork = Some(ForkSite::new(kernel));
    let span = kernel.span;

    // Entry: the number of gangs and every parameter's pointer.
    let gang_count_ptr = cx.w.assign(Ty::Ptr, "load ptr, ptr %args, align 8");
    let gang_count = cx.load_mem(&gang_count_ptr, &Ty::i64());
    let mut dims = Vec::with_capacity(3);
    for index in 1..=3 {
        let slot = cx.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds i64, ptr {}, i64 {index}",
                gang_count_ptr.repr
            ),
        );
        dims.push(cx.load_mem(&slot, &Ty::i64()));
    }
    let [g1, g2, g3]: [Val; 3] = dims
        .try_into()
        .map_err(|_| cx.internal("three gang dimensions"))?;
    let mut pointers = Vec::with_capacity(kernel.params.len());
    for (index, param) in kernel.params.iter().enumerate() {
        if !module.variables.contains(param.var) {
            return Err(cx.internal(format!("kernel parameter {index} names no variable")));
        }
        let pointer = match param.passing {
            Passing::Private => None,
            passing => {
                let slot = cx.w.assign(
                    Ty::Ptr,
                    format!("getelementptr inbounds ptr, ptr %args, i64 {}", index + 1),
                );
                let value = cx.load_mem(&slot, &Ty::Ptr);
                match passing {
                    // The argument's value is the address.
                    Passing::DeviceAddress | Passing::Reduction(_) => {
                        Some(cx.load_mem(&value, &Ty::Ptr))
                    }
                    _ => Some(value),
                }
            }
        };
        pointers.push(pointer);
    }
    let gang_slot = cx.w.alloca(&Ty::i64());
    cx.store_mem(&gang_slot, &Val::new(Ty::i64(), "%gang_begin"));
    cx.gangs = Some(Gangs {
        count: gang_count,
        id_slot: gang_slot.clone(),
        dims: [g1, g2, g3],
        dim_ids: None,
    });
    let head = cx.w.block("gang.head");
    let body = cx.w.block("gang.body");
    let exit = cx.w.block("exit");
    cx.w.br(head);
    cx.w.position(head);
    let gang = cx.load_mem(&gang_slot, &Ty::i64());
    let more = cx.icmp("slt", &gang, &Val::new(Ty::i64(), "%gang_end"));
    cx.w.cond_br(&more, body, exit);

    // One gang: bind the parameters, run the body, combine the reductions.
    cx.w.position(body);
    let mut partials = Vec::new();
    // Private copies, and firstprivate copies of sections, last: one of run-time size reads
    // extents and lengths passed as values.
    let mut privates = Vec::new();
    let mut others = Vec::new();
    for (param, pointer) in kernel.params.iter().zip(&pointers) {
        let copy = param.passing == Passing::Private
            || param.passing == Passing::Value
                && (cx.firstprivate_section(param.var, param.data_op)?.is_some()
                    || module.extent_variables(param.var).is_some());
        if copy {
            privates.push((param, pointer));
        } else {
            others.push((param, pointer));
        }
    }
    for (param, pointer) in others.into_iter().chain(privates) {
        let variable = &module.variables[param.var];
        // A firstprivate array of run-time shape (its extents are passed too).
        if let (Passing::Value, Some(pointer)) = (param.passing, pointer) {
            if module.extent_variables(param.var).is_some() {
                if let Some(binding) = cx.runtime_sized_firstprivate(param.var, pointer, span)? {
                    cx.bind(param.var, binding);
                    continue;
                }
            }
        }
        let binding = match (param.passing, pointer) {
            (Passing::DeviceAddress, Some(pointer)) => Binding {
                ptr: pointer.clone(),
                shared: true,
            },
            (Passing::Value, Some(pointer))
                if cx.firstprivate_section(param.var, param.data_op)?.is_some() =>
            {
                let section = cx.firstprivate_section(param.var, param.data_op)?;
                let section = section.ok_or_else(|| cx.internal("a firstprivate section"))?;
                cx.firstprivate_section_copy(param.var, section, pointer, span)?
            }
            (Passing::Value, Some(pointer)) => {
                let what = format!("the firstprivate '{}'", variable.name);
                let ty = cx.storage_ty(variable.ty, span, &what)?;
                let copy = cx.w.alloca(&ty);
                cx.memcpy(&copy, pointer, ty.size())?;
                Binding {
                    ptr: copy,
                    shared: false,
                }
            }
            (Passing::Private, _) => cx.private_binding(param.var, param.data_op, span)?,
            (Passing::Reduction(op), Some(pointer)) => {
                let target = Binding {
                    ptr: pointer.clone(),
                    shared: true,
                };
                let partial = cx.begin_reduction(
                    param.var,
                    op,
                    param.data_op,
                    target,
                    &kernel.body.stmts,
                    span,
                )?;
                let binding = partial.binding.clone();
                partials.push(partial);
                binding
            }
            (_, None) => return Err(cx.internal("a parameter without its argument")),
        };
        cx.bind(param.var, binding);
    }
    cx.stmts(&kernel.body.stmts)?;
    for partial in &partials {
        cx.end_reduction(partial, true, span)?;
    }
    let gang = cx.load_mem(&gang_slot, &Ty::i64());
    let next = cx.bin("add", &gang, &Val::i64(1));
    cx.store_mem(&gang_slot, &next);
    cx.w.br(head);
    cx.w.position(exit);
    cx.w.terminate("ret void");

    let header = format!(
        "define void {}(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0",
        global_name(&kernel.name)
    );
    let Cx { w, mw, fork, .. } = cx;
    let mut functions = vec![w.finish(&header)];
    functions.extend(fork.map(|site| site.functions).unwrap_or_default());
    Ok((functions, mw))
}
