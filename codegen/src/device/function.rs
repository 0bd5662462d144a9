//! Device routines on GPUs: each [`DeviceFunction`] the link step kept becomes an LLVM function
//! of the device module, called by kernels and other routines under its symbol.
//!
//! A routine runs on the thread that calls it, with the calling convention the host code uses
//! for the same C types (booleans `zeroext i1`, narrow integers sign- or zero-extended, the
//! rest by value), so call sites lower the same way on every target. Its worker and vector
//! loops run sequentially on that thread; its gang loops divide their iterations among the
//! grid's blocks (`ctaid.x|y|z` of `nctaid.x|y|z` for gang dimensions 1, 2, 3), so a gang routine called from a kernel's redundant
//! code spans the grid. Parameters and results of other types (complex, structs) are not
//! compiled yet: such a routine, and every kernel that reaches it, is left out with the reason.

use acc_ir::body::{DeviceFunction, LocalKind};
use acc_ir::{Module, ScalarKind, TypeInner};

use super::kernel::Written;
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::Ty;
use crate::lower::threads::{Device, Gpu, LinkSymbols};
use crate::lower::{Cx, R};
use crate::CodegenError;

/// Writes `function` for `gpu`.
pub(crate) fn device_function(
    module: &Module,
    function: &DeviceFunction,
    gpu: Gpu,
    math: bool,
    links: &LinkSymbols,
) -> Result<Written, CodegenError> {
    let mut device = Device::new(gpu, math);
    device.links = links.clone();
    let mut cx = Cx::for_device(module, &function.body, function.span, device);
    cx.result = Some(function.result);
    // Gang loops divide their iterations among the grid's blocks.
    cx.gangs = Some(cx.grid_gangs()?);
    let header = write(&mut cx, function, &function.symbol, "", "#4")?;
    let Cx { w, mw, .. } = cx;
    Ok(Written {
        function: w.finish(&header),
        declarations: mw,
        single_thread: None,
        params: Vec::new(),
        // A routine has no scratch buffer: its large array reductions are refused.
        scratch_bytes: 0,
    })
}

/// The LLVM type and attribute (`"zeroext "`, `"signext "` or `""`) of a parameter or result
/// of C type `ty`: what call sites pass and expect ([`Cx::abi_result`]), for the types routines
/// take (scalars other than complex, pointers, `void`).
fn abi_type(cx: &mut Cx<'_>, ty: acc_ir::TypeHandle, what: &str) -> R<(Ty, &'static str)> {
    let span = cx.span;
    match cx.inner(ty)? {
        TypeInner::Void | TypeInner::Pointer { .. } => {}
        TypeInner::Scalar(ScalarKind::Complex { .. }) => {
            return Err(cx.unsupported(
                span,
                format!("{what} of complex type is not compiled for GPUs yet"),
            ))
        }
        // Refuses the scalar types GPUs lack.
        TypeInner::Scalar(_) => {
            cx.reg_ty(ty, span)?;
        }
        _ => {
            return Err(cx.unsupported(
                span,
                format!(
                    "{what} of type '{}' is not compiled for GPUs yet",
                    cx.module.types.display(ty)
                ),
            ))
        }
    }
    cx.abi_result(ty, span)
}

/// Writes the body of `function` into `cx` (whose gangs the caller set) and returns the
/// function's header, `define <linkage> ... @<symbol>(...) <attributes>`.
pub(crate) fn write(
    cx: &mut Cx<'_>,
    function: &DeviceFunction,
    symbol: &str,
    linkage: &str,
    attributes: &str,
) -> R<String> {
    let body = cx.body;
    let span = function.span;
    let (result, result_attribute) = abi_type(cx, function.result, "a result")?;

    let mut params = Vec::new();
    for (index, local) in body.parameters().into_iter().enumerate() {
        let Some(decl) = body.locals.get(local) else {
            return Err(cx.internal(format!("parameter {index} is not in the body")));
        };
        debug_assert!(matches!(decl.kind, LocalKind::Parameter(_)));
        let what = format!("the parameter '{}'", decl.name);
        let (ty, attribute) = abi_type(cx, decl.ty, &what)?;
        let name = format!("%p{index}");
        params.push(format!("{ty} {attribute}noundef {name}"));
        let storage = cx.storage_ty(decl.ty, span, &what)?;
        let slot = cx.w.alloca(&storage);
        cx.store(&slot, &Val::new(ty, name), decl.ty, span)?;
        cx.bind_local(local, slot);
    }

    // Variables of the function that loop clauses name (a `reduction(+:s)` on a local `s`):
    // the thread's own storage.
    let module = cx.module;
    for (_, expr) in body.exprs.iter() {
        let acc_ir::body::ExprKind::Variable(var) = expr.kind else {
            continue;
        };
        let Some(variable) = module.variables.get(var) else {
            continue;
        };
        if variable.storage == acc_ir::Storage::Local && !cx.bindings.contains_key(&var) {
            let what = format!("the variable '{}'", variable.name);
            let ty = cx.storage_ty(variable.ty, span, &what)?;
            let slot = cx.w.alloca(&ty);
            cx.bind(
                var,
                crate::lower::Binding {
                    ptr: slot,
                    shared: false,
                },
            );
        }
    }
    cx.stmts(&body.stmts)?;
    // Flowing off the end: `return;` for void, an undefined value otherwise (as in C).
    if matches!(result, Ty::Void) {
        cx.w.terminate("ret void");
    } else {
        cx.w.terminate(format!("ret {result} undef"));
    }
    Ok(format!(
        "define {linkage}{result_attribute}{result} {}({}) {attributes}",
        global_name(symbol),
        params.join(", ")
    ))
}
