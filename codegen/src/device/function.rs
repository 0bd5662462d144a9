//! Device routines on GPUs: each [`DeviceFunction`] the link step kept becomes an LLVM function
//! of the device module, called by kernels and other routines under its symbol.
//!
//! A routine runs on the thread that calls it, with the calling convention of
//! [`crate::lower::call::Abi`], the same on every target (so call sites lower the same way
//! everywhere): scalars, pointers and complex values as the host code passes them (booleans
//! `zeroext i1`, narrow integers sign- or zero-extended, `float _Complex` as `<2 x float>`,
//! `double _Complex` as two `double`s and returned as `{ double, double }`); structs and
//! unions by address — an argument is the address of the caller's value, which the routine
//! copies into an alloca of its own on entry (so writes to the parameter stay private, and the
//! copy is promotable to registers once inlined), and a struct result is written through an
//! extra first parameter `ptr noalias %ret`, the caller's slot, the function returning `void`.
//! Its worker and vector loops run sequentially on that thread; its gang loops divide their
//! iterations among the grid's blocks (`ctaid.x|y|z` of `nctaid.x|y|z` for gang dimensions 1,
//! 2, 3), so a gang routine called from a kernel's redundant code spans the grid.

use acc_ir::body::{DeviceFunction, LocalKind};
use acc_ir::{Module, TypeInner};

use super::kernel::Written;
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::Ty;
use crate::lower::call::Abi;
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

/// Refuses the scalar types GPUs lack (`long double`, `__int128`) for a parameter or result of
/// type `ty`; every other type crosses calls as [`Abi`] says.
fn check_type(cx: &mut Cx<'_>, ty: acc_ir::TypeHandle, what: &str) -> R<()> {
    let span = cx.span;
    match cx.inner(ty)? {
        TypeInner::Void | TypeInner::Pointer { .. } => Ok(()),
        TypeInner::Scalar(_) | TypeInner::Struct { .. } => cx.reg_ty(ty, span).map(|_| ()),
        _ => Err(cx.unsupported(
            span,
            format!(
                "{what} of type '{}' is not supported",
                cx.module.types.display(ty)
            ),
        )),
    }
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
    check_type(cx, function.result, "a result")?;
    let mut params = Vec::new();
    let (result, result_attribute) = match cx.result_abi(function.result, span)? {
        Abi::Address => {
            // The caller's slot for the result, written by `return`.
            params.push("ptr noalias noundef %ret".to_string());
            cx.result_slot = Some(Val::new(Ty::Ptr, "%ret"));
            (Ty::Void, "")
        }
        _ => cx.abi_result(function.result, span)?,
    };

    for (index, local) in body.parameters().into_iter().enumerate() {
        let Some(decl) = body.locals.get(local) else {
            return Err(cx.internal(format!("parameter {index} is not in the body")));
        };
        debug_assert!(matches!(decl.kind, LocalKind::Parameter(_)));
        let what = format!("the parameter '{}'", decl.name);
        check_type(cx, decl.ty, &what)?;
        let name = format!("%p{index}");
        let storage = cx.storage_ty(decl.ty, span, &what)?;
        let slot = cx.w.alloca(&storage);
        match cx.param_abi(decl.ty, span)? {
            Abi::Direct(ty, attribute) => {
                params.push(format!("{ty}{attribute} noundef {name}"));
                cx.store(&slot, &Val::new(ty, name), decl.ty, span)?;
            }
            Abi::ComplexVector => {
                let vector = Val::new(Ty::Vector(2, Box::new(Ty::F32)), name);
                params.push(format!("{} noundef {}", vector.ty, vector.repr));
                let value = cx.complex_from_vector(&vector);
                cx.store(&slot, &value, decl.ty, span)?;
            }
            Abi::ComplexParts => {
                let re = Val::new(Ty::F64, format!("{name}.re"));
                let im = Val::new(Ty::F64, format!("{name}.im"));
                params.push(format!(
                    "double noundef {}, double noundef {}",
                    re.repr, im.repr
                ));
                let value = cx.complex_make(&re, &im);
                cx.store(&slot, &value, decl.ty, span)?;
            }
            Abi::Address => {
                // The caller's copy: this function's own, before anything else runs.
                let align = storage.align();
                params.push(format!("ptr noundef readonly align {align} {name}"));
                cx.memcpy_aligned(&slot, &Val::new(Ty::Ptr, name), storage.size(), Some(align))?;
            }
        }
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
        // Also a struct result: its slot stays as it was (undefined, as in C).
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
