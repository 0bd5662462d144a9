//! Device routines inside multicore kernel objects. A kernel calls its file's functions and
//! procedures through the device functions the frontend lowered, not through the host
//! compiler's versions: a Fortran contained procedure has no host symbol to call, the same code
//! then runs on every device, and LLVM can inline a C helper into the kernel's loop and
//! vectorise it. Each kernel's LLVM module defines, with internal linkage, the routines of its
//! translation unit it reaches (directly or through other routines); calls of other symbols
//! (functions of other files, and C functions naming a `static` variable) stay external.
//!
//! A routine runs on the calling thread as one gang: its gang loops run whole, its worker and
//! vector loops run sequentially.

use std::collections::HashSet;

use acc_ir::body::{Body, DeviceFunction, ExprKind, EXPORT_PREFIX};
use acc_ir::ops::Storage;
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

/// Whether the kernel object can define `function`: a C function that names a `static`
/// variable cannot (the kernel object cannot link to a symbol with internal linkage), so the
/// kernel calls the host compiler's version through the function's alias. Its own locals (a
/// variable a loop clause of its body names is one) are no obstacle.
pub(crate) fn definable(module: &Module, function: &DeviceFunction) -> bool {
    module.language == Language::Fortran
        || function.body.exprs.iter().all(|(_, expr)| match expr.kind {
            ExprKind::Variable(v) => module.variables[v].storage != Storage::Static,
            _ => true,
        })
}

/// The device functions of `module` that `bodies` reach, in the order they are first reached
/// (calls of functions the kernel object cannot define stay calls of the host versions).
fn reached<'m>(module: &'m Module, bodies: &[&'m Body]) -> Vec<&'m DeviceFunction> {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut order = Vec::new();
    let mut queue: Vec<&str> = bodies.iter().flat_map(|body| called(body)).collect();
    while let Some(symbol) = queue.pop() {
        if !seen.insert(symbol) {
            continue;
        }
        if let Some(function) = module
            .device_functions
            .iter()
            .find(|f| f.symbol == symbol && definable(module, f))
        {
            order.push(function);
            queue.extend(called(&function.body));
        }
    }
    order
}

/// Appends to `functions` the routines `bodies` reach, written with the module-level
/// declarations `mw` (their declarations are dropped: the module defines them).
pub(crate) fn add_routines(
    module: &Module,
    bodies: &[&Body],
    functions: &mut Vec<String>,
    mut mw: ModuleWriter,
) -> R<ModuleWriter> {
    let routines = reached(module, bodies);
    for function in &routines {
        mw = write_routine(
            module,
            function,
            &function.symbol,
            "internal ",
            mw,
            functions,
        )?;
    }
    for function in &routines {
        mw.forget(&function.symbol);
    }
    Ok(mw)
}

/// Writes `function` under `symbol` as one gang on the calling thread, with `linkage`, into
/// `functions`.
fn write_routine(
    module: &Module,
    function: &DeviceFunction,
    symbol: &str,
    linkage: &str,
    mw: ModuleWriter,
    functions: &mut Vec<String>,
) -> R<ModuleWriter> {
    let mut cx = Cx::new(module, &function.body, function.span);
    cx.mw = mw;
    cx.result = Some(function.result);
    let gang_slot = cx.w.alloca(&Ty::i64());
    cx.store_mem(&gang_slot, &Val::i64(0));
    cx.gangs = Some(Gangs::flat(Val::i64(1), gang_slot));
    let header = write(&mut cx, function, symbol, linkage, "#0")?;
    let Cx { w, mw, .. } = cx;
    functions.push(w.finish(&header));
    Ok(mw)
}

/// The module exporting a file's device versions (see [`exports`]).
pub(crate) struct Exports {
    /// The exported functions and the routines they reach, as LLVM IR text.
    pub functions: Vec<String>,
    pub declarations: ModuleWriter,
    /// The exported symbols.
    pub names: Vec<String>,
}

/// The module exporting the device versions of `module`'s [`DeviceFunction::exported`]
/// procedures under [`EXPORT_PREFIX`] names, with the routines they reach (internal); `None`
/// when none is exported.
pub(crate) fn exports(module: &Module) -> R<Option<Exports>> {
    let exported: Vec<&DeviceFunction> = module
        .device_functions
        .iter()
        .filter(|f| f.exported)
        .collect();
    if exported.is_empty() {
        return Ok(None);
    }
    let mut functions = Vec::new();
    let mut mw = ModuleWriter::default();
    let mut names = Vec::new();
    for function in &exported {
        let symbol = format!("{EXPORT_PREFIX}{}", function.symbol);
        mw = write_routine(module, function, &symbol, "", mw, &mut functions)?;
        mw.forget(&symbol);
        names.push(symbol);
    }
    let bodies: Vec<&Body> = exported.iter().map(|f| &f.body).collect();
    mw = add_routines(module, &bodies, &mut functions, mw)?;
    Ok(Some(Exports {
        functions,
        declarations: mw,
        names,
    }))
}
