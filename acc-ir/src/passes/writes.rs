//! Which variables of the enclosing program a compute region's code may write, and the pass
//! that uses it: an implicit `copy` (OpenACC 3.3 §2.6.2, [`super::implicit_data`]) of a
//! variable the region's code never writes becomes a `copyin`, as NVHPC makes it. Nothing is
//! copied back, which saves the transfer and leaves the host copy alone: a `const` global in
//! read-only memory (a C table of coefficients) or a Fortran `intent(in)` dummy whose actual
//! argument is a `parameter` constant cannot be written at all, and copying back into it would
//! crash the program. The two are equivalent otherwise: when the data is already present
//! neither transfers anything, and when it is not, the copy back would write the values the
//! entry copied in.
//!
//! The analysis is conservative: a variable is read-only only when every use of its address
//! in the code (through array indexing, members, decay, casts and pointer offsets) ends in a
//! load. A store, an atomic operation, a call argument, an address kept in a local or a
//! pointer, a loop control variable — any other use counts as a write. A region without code
//! (not offloaded) keeps its `copy`.

use crate::arena::Handle;
use crate::body::{
    any_stmt, expr_children, stmt_exprs, Body, ExprId, ExprKind, LocalOrVariable, Stmt,
};
use crate::ops::{ComputeKind, DataClause, DataOpKind, Module, OpKind, PathStep};
use crate::Variable;
use std::collections::HashSet;

/// Makes a `firstprivate` array, or section through a pointer (`firstprivate(c[0:n])`), that
/// its compute region's code only reads a `copyin` (entry) with a `delete` (exit); run once the
/// regions' code is lowered. Each gang's copy would start from the host's values and never
/// change, so one device copy the kernels read serves every gang: the section reaches device
/// memory (before, the kernel received the host pointer, which a GPU cannot read, or the
/// whole array as a kernel parameter, beyond the 4 KiB a CUDA kernel's parameters may take).
/// A firstprivate array or section the region writes keeps its per-gang copies (multicore
/// kernels copy a section of constant bounds for each gang; GPU kernels refuse one, and the
/// region runs on the host there).
pub fn firstprivate_read_only(module: &mut Module) {
    let computes: Vec<_> = module
        .ops
        .iter()
        .filter_map(|(handle, op)| match &op.kind {
            OpKind::Compute(compute) => Some((handle, compute.firstprivate.clone())),
            _ => None,
        })
        .collect();
    for (handle, firstprivate) in computes {
        let Some(body) = module.region_code.get(&handle) else {
            continue;
        };
        let written = written_through_pointers(body);
        let mut moved = Vec::new();
        for op in firstprivate {
            let data = &module.data_ops[op];
            // An array, or a section through a pointer (the pointer itself is a scalar).
            let data_like = match module.types.get(module.variables[data.var].ty) {
                crate::TypeInner::Pointer { .. } => !data.bounds.is_empty(),
                crate::TypeInner::Array { .. } => true,
                _ => false,
            };
            if !data_like || !data.path.is_empty() {
                continue;
            }
            if !written.contains(&data.var) {
                moved.push(op);
            }
        }
        for op in moved {
            let data = &mut module.data_ops[op];
            data.kind = DataOpKind::Copyin;
            data.data_clause = DataClause::Copyin;
            data.recipe = None;
            let exit = super::implicit_data::exit_op(module, op, DataOpKind::Delete);
            if let OpKind::Compute(c) = &mut module.ops[handle].kind {
                c.firstprivate.retain(|&d| d != op);
                c.data_entry.push(op);
                c.data_exit.push(exit);
            }
        }
    }
}

/// Makes every implicit `copy` of a whole variable, or of a member in its storage
/// ([`super::implicit_data::implicit_members`]), that its compute region's code never writes
/// a `copyin` (entry and exit); run once the regions' code is lowered. Only data in the
/// variable's own storage counts: what a pointer variable or member points to (`p[0:1]` for
/// `p->v[0:n]`, `a.p[0:1]`) is written through loaded pointers, which the analysis does not
/// follow, so such ops stay `copy`.
///
/// A scalar a `kernels` region only reads (its implicit `copy`, §2.6.2) becomes `firstprivate`
/// instead, as NVHPC passes such scalars to the kernel by value: the value is the one at the
/// launch. With `async`, the host may change the scalar, or return from the function that holds
/// it, before the queue runs the kernel (a loop bound, a plane index `k = nz - 1` between two
/// `kernels async` regions); the kernel then read the live host variable on the multicore
/// device, whose device copy is the host's storage.
///
/// `read_only` are variables no code may change (Fortran `intent(in)` dummies, whose actual
/// argument may be a constant): their uses never count as writes.
pub fn copyin_read_only(module: &mut Module, read_only: &HashSet<Handle<Variable>>) {
    let computes: Vec<_> = module
        .ops
        .iter()
        .filter_map(|(handle, op)| match &op.kind {
            OpKind::Compute(compute) => Some((
                handle,
                compute.kind == ComputeKind::Kernels,
                compute.data_entry.clone(),
                compute.data_exit.clone(),
            )),
            _ => None,
        })
        .collect();
    for (handle, kernels, entries, exits) in computes {
        let Some(body) = module.region_code.get(&handle) else {
            continue;
        };
        let written = written_variables(body);
        for entry in entries {
            let op = &module.data_ops[entry];
            if !op.implicit
                || op.data_clause != DataClause::Copy
                || !op
                    .path
                    .iter()
                    .all(|step| matches!(step, PathStep::Member { arrow: false, .. }))
                || module.reaches_through_pointer(op)
                || matches!(
                    module.types.get(module.variables[op.var].ty),
                    crate::TypeInner::Pointer { .. }
                )
                || written.contains(&op.var) && !read_only.contains(&op.var)
            {
                continue;
            }
            let ty = module.variables[op.var].ty;
            if kernels
                && op.path.is_empty()
                && op.bounds.is_empty()
                && !module.types.is_aggregate(ty)
            {
                let span = module.data_ops.get_span(entry);
                let recipe = crate::recipes::firstprivate_recipe(module, ty, span);
                let data = &mut module.data_ops[entry];
                data.kind = DataOpKind::Firstprivate;
                data.data_clause = DataClause::Firstprivate;
                data.recipe = Some(recipe);
                let exit = exits
                    .iter()
                    .copied()
                    .find(|&x| module.data_ops[x].entry == Some(entry));
                if let OpKind::Compute(c) = &mut module.ops[handle].kind {
                    c.data_entry.retain(|&d| d != entry);
                    c.data_exit.retain(|&d| Some(d) != exit);
                    c.firstprivate.push(entry);
                }
                continue;
            }
            module.data_ops[entry].data_clause = DataClause::Copyin;
            for &exit in &exits {
                let op = &mut module.data_ops[exit];
                if op.entry == Some(entry) {
                    op.data_clause = DataClause::Copyin;
                    op.kind = DataOpKind::Delete;
                }
            }
        }
    }
}

/// The variables `body` may write (see the module documentation).
pub fn written_variables(body: &Body) -> HashSet<Handle<Variable>> {
    written(body, false)
}

/// The variables `body` may write, or write through: as [`written_variables`], and a pointer
/// variable's value (`p` loaded) counts as an address derived from the variable, so that a
/// store to `p[i]` counts as a write of `p`.
pub fn written_through_pointers(body: &Body) -> HashSet<Handle<Variable>> {
    written(body, true)
}

fn written(body: &Body, through_pointers: bool) -> HashSet<Handle<Variable>> {
    // The root variable of every address derived from a variable's address, found in a few
    // passes over the arena (operands usually come before the expressions using them).
    let mut root: Vec<Option<Handle<Variable>>> = vec![None; body.exprs.len()];
    loop {
        let mut changed = false;
        for (id, expr) in body.exprs.iter() {
            if root[id.index()].is_some() {
                continue;
            }
            let derived = match &expr.kind {
                ExprKind::Variable(var) => Some(*var),
                ExprKind::Load(base)
                    if through_pointers
                        && matches!(body.exprs[*base].kind, ExprKind::Variable(_)) =>
                {
                    root[base.index()]
                }
                ExprKind::Index { base, .. }
                | ExprKind::Member { base, .. }
                | ExprKind::Decay(base)
                | ExprKind::Cast(base)
                | ExprKind::PointerAdd { pointer: base, .. } => root[base.index()],
                _ => None,
            };
            if derived.is_some() {
                root[id.index()] = derived;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Every expression whose value (an address, when it has a root) is used other than by a
    // load or as the base of a further address (the first operand of those), and the loop
    // control variables.
    let mut escaping: Vec<ExprId> = Vec::new();
    let mut loop_vars = HashSet::new();
    for (_, expr) in body.exprs.iter() {
        let through = matches!(
            expr.kind,
            ExprKind::Load(_)
                | ExprKind::Index { .. }
                | ExprKind::Member { .. }
                | ExprKind::Decay(_)
                | ExprKind::Cast(_)
                | ExprKind::PointerAdd { .. }
        );
        escaping.extend(
            expr_children(&expr.kind)
                .into_iter()
                .skip(usize::from(through)),
        );
        if let ExprKind::Block { stmts, .. } = &expr.kind {
            add_loop_vars(stmts, &mut loop_vars);
        }
    }
    stmt_exprs(&body.stmts, &mut escaping);
    add_loop_vars(&body.stmts, &mut loop_vars);
    escaping
        .iter()
        .filter_map(|e| root[e.index()])
        .chain(loop_vars)
        .collect()
}

/// Adds the program variables `stmts` use as loop control variables to `vars`.
fn add_loop_vars(stmts: &[Stmt], vars: &mut HashSet<Handle<Variable>>) {
    any_stmt(stmts, |stmt| {
        if let Stmt::AccLoop { controls, .. } = stmt {
            vars.extend(controls.iter().filter_map(|c| match c.var {
                LocalOrVariable::Variable(var) => Some(var),
                LocalOrVariable::Local(_) => None,
            }));
        }
        false
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::{Expr, LoopControl, LoopMapping};
    use crate::{Language, ScalarKind, Span, Storage};

    struct Fixture {
        module: Module,
        body: Body,
    }

    impl Fixture {
        fn new() -> Fixture {
            Fixture {
                module: Module::new(Language::C),
                body: Body::default(),
            }
        }

        fn var(&mut self, name: &str) -> Handle<Variable> {
            let ty = self.module.types.scalar(ScalarKind::Float { width: 64 });
            self.module.variables.append(
                Variable {
                    name: name.to_string(),
                    ty,
                    storage: Storage::Local,
                    decl: Span::default(),
                    derived: None,
                    restrict: false,
                    symbol: None,
                },
                Span::default(),
            )
        }

        fn e(&mut self, kind: ExprKind) -> ExprId {
            let ty = self.module.types.scalar(ScalarKind::Float { width: 64 });
            self.body.exprs.append(Expr { kind, ty }, Span::default())
        }

        /// `&var[index]`.
        fn element(&mut self, var: Handle<Variable>, index: i128) -> ExprId {
            let base = self.e(ExprKind::Variable(var));
            let index = self.e(ExprKind::Int(index));
            self.e(ExprKind::Index { base, index })
        }
    }

    #[test]
    fn loads_only_are_read_only() {
        let mut f = Fixture::new();
        let (table, out) = (f.var("table"), f.var("out"));
        let read = f.element(table, 3);
        let value = f.e(ExprKind::Load(read));
        let target = f.element(out, 0);
        f.body.stmts.push(Stmt::Store {
            address: target,
            value,
        });
        let written = written_variables(&f.body);
        assert!(written.contains(&out));
        assert!(!written.contains(&table));
    }

    #[test]
    fn escaping_addresses_count_as_writes() {
        let mut f = Fixture::new();
        let (called, atomic, kept, counter, plain) = (
            f.var("called"),
            f.var("atomic"),
            f.var("kept"),
            f.var("counter"),
            f.var("plain"),
        );
        // A call argument.
        let arg = f.element(called, 0);
        let call = f.e(ExprKind::Call {
            function: "g".to_string(),
            args: vec![arg],
        });
        f.body.stmts.push(Stmt::Eval(call));
        // An atomic update, inside a loop whose control variable is a program variable.
        let address = f.element(atomic, 1);
        let one = f.e(ExprKind::Int(1));
        let atomic_stmt = Stmt::Atomic {
            kind: crate::AtomicKind::Update,
            address,
            op: Some(crate::body::BinaryOp::Add),
            value: Some(one),
            capture: None,
            capture_old: false,
            reversed: false,
        };
        let (lower, upper, step) = (f.e(ExprKind::Int(0)), f.e(ExprKind::Int(9)), one);
        f.body.stmts.push(Stmt::AccLoop {
            op: None,
            controls: vec![LoopControl {
                var: LocalOrVariable::Variable(counter),
                lower,
                upper,
                compare: crate::body::BinaryOp::Lt,
                step,
            }],
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body: vec![atomic_stmt],
        });
        // An address kept in a statement block's value (`p = &kept[2]` as an expression).
        let address = f.element(kept, 2);
        let block = f.e(ExprKind::Block {
            stmts: Vec::new(),
            value: address,
        });
        f.body.stmts.push(Stmt::Eval(block));
        // A plain load stays a read.
        let read = f.element(plain, 0);
        let load = f.e(ExprKind::Load(read));
        f.body.stmts.push(Stmt::Eval(load));
        let written = written_variables(&f.body);
        for var in [called, atomic, kept, counter] {
            assert!(written.contains(&var), "{}", f.module.variables[var].name);
        }
        assert!(!written.contains(&plain));
    }
}
