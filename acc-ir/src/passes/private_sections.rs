//! The lengths of private and firstprivate sections through C pointers whose length is known
//! only at run time (`private(tmp[0:n])`, `firstprivate(c[0:n])`): a multicore kernel sizes
//! each gang's copy from it, so the host evaluates the length when it enters the construct and
//! passes it as an implicit `firstprivate` value, a synthetic variable
//! ([`Derived::SectionLength`], found with [`Module::section_length_variable`]).
//!
//! Only the clauses the construct evaluates qualify: its own `private` and `firstprivate`
//! operands and, for a combined construct, those of its loop. A clause of a loop inside the
//! region is evaluated where the loop starts, with names the host code at the construct may
//! not see (a variable declared in the region), so its copies keep needing a constant length
//! (the region runs on the host otherwise). The first index must be a constant too: the copy
//! is reached through a pointer that points that many elements before it.

use crate::arena::Handle;
use crate::ops::{DataOp, DataOpKind, Module, OpKind};
use crate::{Derived, Storage, TypeInner, Variable};

/// Adds the synthetic length variable of each qualifying section and its implicit
/// `firstprivate` operand to the construct; run once the regions' code is lowered, before the
/// kernels are outlined.
pub fn section_lengths(module: &mut Module) {
    let computes: Vec<_> = module
        .ops
        .iter()
        .filter_map(|(handle, op)| match &op.kind {
            OpKind::Compute(c) if module.region_code.contains_key(&handle) => {
                let mut ops: Vec<Handle<DataOp>> =
                    c.private.iter().chain(&c.firstprivate).copied().collect();
                if c.combined {
                    if let Some(OpKind::Loop(l)) = c
                        .body
                        .first()
                        .and_then(|&l| module.ops.get(l))
                        .map(|o| &o.kind)
                    {
                        ops.extend(&l.private);
                    }
                }
                Some((handle, ops))
            }
            _ => None,
        })
        .collect();
    for (compute, ops) in computes {
        for op in ops {
            if !needs_length(module, op) {
                continue;
            }
            let span = module.data_ops.get_span(op);
            let (name, decl) = {
                let data = &module.data_ops[op];
                (data.name.clone(), module.variables[data.var].decl)
            };
            let ty = module.types.scalar(crate::ScalarKind::Int {
                signed: true,
                width: 64,
            });
            let var = module.variables.append(
                Variable {
                    name: format!("length({name})"),
                    ty,
                    storage: Storage::Local,
                    decl,
                    derived: Some(Derived::SectionLength { op }),
                    restrict: false,
                    symbol: None,
                },
                span,
            );
            module.add_implicit_firstprivate(compute, var, span);
        }
    }
}

/// Whether `op` is a private or firstprivate section through a C pointer, one dimension with
/// a constant first index and a length that is not a constant.
fn needs_length(module: &Module, op: Handle<DataOp>) -> bool {
    let Some(data) = module.data_ops.get(op) else {
        return false;
    };
    if !matches!(data.kind, DataOpKind::Private | DataOpKind::Firstprivate)
        || module.language != crate::Language::C
        || !data.path.is_empty()
        || !matches!(
            module.types.get(module.variables[data.var].ty),
            TypeInner::Pointer { .. }
        )
    {
        return false;
    }
    let [bounds] = data.bounds[..] else {
        return false;
    };
    let Some(b) = module.bounds.get(bounds) else {
        return false;
    };
    let value = |h| module.exprs.get(h).and_then(|e| e.value);
    let constant_length = b.extent.and_then(value).is_some()
        || b.upperbound.and_then(value).is_some() && value(b.lowerbound).is_some();
    value(b.lowerbound).is_some() && !constant_length && b.extent.is_some()
}
