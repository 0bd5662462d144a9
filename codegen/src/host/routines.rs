//! Device routines inside multicore kernel objects (Fortran). A Fortran kernel calls its file's
//! procedures through the device functions the frontend lowered, not through gfortran's host
//! versions: a contained procedure has no host symbol to call, and the same code then runs on
//! every device. Each kernel's LLVM module defines, with internal linkage, the routines of its
//! translation unit it reaches (directly or through other routines); calls of other symbols
//! (procedures of other files) stay external.
//!
//! A routine runs on the calling thread as one gang: its gang loops run whole, its worker and
//! vector loops run sequentially.

use std::collections::HashSet;

use acc_ir::body::{Body, DeviceFunction, ExprKind};
use acc_ir::{Language, Module};

use crate::device::function::write;
use crate::llvm::text::{ModuleWriter, Val};
use crate::llvm::ty::Ty;
use crate::lower::{Cx, Gangs, R};

/// The symbols a body calls.
fn called(body: &Body) -> Vec<&str> {
    body.exprs
        .iter()
        .filter_map(|(_, expr)| match &expr.kind {
            ExprKind::Call { function, .. } => Some(function.as_str()),
            _ => None,
        })
        .collect()
}

/// The device functions of `module` that `body` reaches, in the order they are first reached;
/// none for C, whose kernels call the host functions through their aliases.
fn reached<'m>(module: &'m Module, body: &'m Body) -> Vec<&'m DeviceFunction> {
    if module.language != Language::Fortran {
        return Vec::new();
    }
    let mut seen: HashSet<&str> = HashSet::new();
    let mut order = Vec::new();
    let mut queue: Vec<&str> = called(body);
    while let Some(symbol) = queue.pop() {
        if !seen.insert(symbol) {
            continue;
        }
        if let Some(function) = module.device_functions.iter().find(|f| f.symbol == symbol) {
            order.push(function);
            queue.extend(called(&function.body));
        }
    }
    order
}

/// Appends to `functions` the routines `body` reaches, written with the kernel's module-level
/// declarations `mw` (their declarations are dropped: the module defines them).
pub(crate) fn add_routines(
    module: &Module,
    body: &Body,
    functions: &mut Vec<String>,
    mut mw: ModuleWriter,
) -> R<ModuleWriter> {
    let routines = reached(module, body);
    for function in &routines {
        let mut cx = Cx::new(module, &function.body, function.span);
        cx.mw = mw;
        cx.result = Some(function.result);
        let gang_slot = cx.w.alloca(&Ty::i64());
        cx.store_mem(&gang_slot, &Val::i64(0));
        cx.gangs = Some(Gangs::flat(Val::i64(1), gang_slot));
        let header = write(&mut cx, function, "internal ", "#0")?;
        let Cx { w, mw: back, .. } = cx;
        functions.push(w.finish(&header));
        mw = back;
    }
    for function in &routines {
        mw.forget(&function.symbol);
    }
    Ok(mw)
}
