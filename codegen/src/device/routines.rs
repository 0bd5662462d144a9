//! The device routines of one device module: every [`acc_ir::body::DeviceFunction`] of the
//! program's modules written for the GPU ([`super::function`]), with the routines that cannot
//! be compiled — and, transitively, their callers — set aside with the reason, so that a kernel
//! reaching one is left out rather than linked against a missing function.

use std::collections::{BTreeMap, HashMap};

use acc_ir::body::{Body, ExprKind};
use inkwell::context::Context;
use inkwell::module::Module as LlvmModule;

use super::{function, text_fits_gpu, OffloadArch};
use crate::host::target::parse;
use crate::llvm::text::LinkUse;
use crate::lower::threads::{Gpu, LinkSymbols};
use crate::CodegenError;

/// The routines of a device module.
pub(super) struct Routines<'ctx> {
    /// One parsed LLVM module per compiled routine, to link into the device module.
    pub parsed: Vec<LlvmModule<'ctx>>,
    /// Routines by symbol: their source name and, when they cannot be compiled, why.
    routines: HashMap<String, (String, Option<String>)>,
    /// The symbols each routine calls.
    callees: BTreeMap<String, Vec<String>>,
    /// The `declare link` variables each routine uses itself.
    links: HashMap<String, Vec<LinkUse>>,
}

/// The symbols a body calls, with the span of each call (not the device library's `malloc` and
/// `free`, which every GPU image has: [`acc_ir::body::device_library`]).
fn calls(body: &Body) -> Vec<(String, acc_ir::Span)> {
    body.exprs
        .iter()
        .filter_map(|(handle, expr)| match &expr.kind {
            ExprKind::Call { function, .. } if !acc_ir::body::device_library(function) => {
                Some((function.clone(), body.exprs.get_span(handle)))
            }
            _ => None,
        })
        .collect()
}

/// Writes and parses every routine of `modules`; routines of the same symbol after the first
/// are ignored (a translation unit linked twice).
pub(super) fn compile<'ctx>(
    context: &'ctx Context,
    modules: &[&acc_ir::Module],
    gpu: Gpu,
    math: bool,
    layout: &str,
    arch: OffloadArch,
    link_symbols: &LinkSymbols,
) -> Result<Routines<'ctx>, CodegenError> {
    let mut routines: HashMap<String, (String, Option<String>)> = HashMap::new();
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut callees: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut links: HashMap<String, Vec<LinkUse>> = HashMap::new();
    for module in modules {
        for routine in &module.device_functions {
            if routines.contains_key(&routine.symbol) {
                continue;
            }
            callees.insert(
                routine.symbol.clone(),
                calls(&routine.body)
                    .into_iter()
                    .map(|(name, _)| name)
                    .collect(),
            );
            let failure = match function::device_function(module, routine, gpu, math, link_symbols)
            {
                Ok(mut written) => {
                    written.declarations.forget(&routine.symbol);
                    links.insert(
                        routine.symbol.clone(),
                        written.declarations.links().cloned().collect(),
                    );
                    let mut text =
                        written
                            .declarations
                            .render(layout, arch.triple(), &[written.function]);
                    text.push_str("attributes #4 = { nounwind }\n");
                    if text_fits_gpu(&text) {
                        texts.insert(routine.symbol.clone(), text);
                        None
                    } else {
                        Some("it uses types GPUs do not support".to_string())
                    }
                }
                Err(
                    CodegenError::Unsupported { message, .. }
                    | CodegenError::NoDeviceMath { message, .. },
                ) => Some(message),
                Err(error) => return Err(error),
            };
            routines.insert(routine.symbol.clone(), (routine.name.clone(), failure));
        }
    }
    // A routine that calls one without device code has none either.
    loop {
        let mut changed = false;
        for (symbol, called) in &callees {
            if routines[symbol].1.is_some() {
                continue;
            }
            let missing = called.iter().find_map(|callee| match routines.get(callee) {
                None => Some(format!(
                    "it calls '{callee}', which has no device code in this program"
                )),
                Some((name, Some(_))) => Some(format!(
                    "it calls '{name}', which cannot be compiled for the GPU"
                )),
                Some((_, None)) => None,
            });
            if let Some(reason) = missing {
                if let Some(entry) = routines.get_mut(symbol) {
                    entry.1 = Some(reason);
                }
                texts.remove(symbol);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut parsed = Vec::new();
    for (symbol, text) in &texts {
        parsed.push(parse(context, symbol, text)?);
    }
    Ok(Routines {
        parsed,
        routines,
        callees,
        links,
    })
}

impl Routines<'_> {
    /// The `declare link` variables that the routines `body` calls use, directly or through
    /// the routines they call.
    pub(super) fn links_reached(&self, body: &Body) -> Vec<LinkUse> {
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<String> = calls(body).into_iter().map(|(name, _)| name).collect();
        let mut found = Vec::new();
        while let Some(symbol) = stack.pop() {
            if !seen.insert(symbol.clone()) {
                continue;
            }
            found.extend(self.links.get(&symbol).into_iter().flatten().cloned());
            stack.extend(self.callees.get(&symbol).into_iter().flatten().cloned());
        }
        found
    }

    /// Why a kernel with `body` cannot be compiled: it calls a routine without device code.
    pub(super) fn unavailable(&self, body: &Body) -> Option<CodegenError> {
        calls(body).into_iter().find_map(|(symbol, span)| {
            let message = match self.routines.get(&symbol) {
                None => format!("'{symbol}' has no device code in this program"),
                Some((name, Some(reason))) => {
                    format!("'{name}' cannot be compiled for the GPU: {reason}")
                }
                Some((_, None)) => return None,
            };
            Some(CodegenError::Unsupported { span, message })
        })
    }
}
