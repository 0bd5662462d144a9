//! Implicit reductions: a scalar variable that every statement of a loop using it updates with
//! one reduction operator (`sum += a[i]`, `err = fmax(err, fabs(d))`, Fortran
//! `error = max(error, abs(d))`, `ok = ok .and. x`, see [`crate::scalar_updates`]) gets a
//! `reduction` on that loop, exactly as if the loop's directive said `reduction(op:s)`, with
//! the remark `implicit reduction(op:s)` (NVHPC's "Generating implicit reduction"). Run once
//! the regions' code is lowered, before outlining.
//!
//! # Which loops
//! * In a `kernels` construct, a loop without `independent` (and an `auto` loop anywhere) runs
//!   in parallel only when the dependence test proves it independent
//!   ([`super::dependence`]). When the test fails and would pass with the loop's reduction
//!   scalars private to it, the loop gets their reductions and then runs in parallel. A loop
//!   that the test refuses for another reason gets none: it runs sequentially, updating the
//!   scalar in order.
//! * A loop that runs in parallel on the user's word (in a `parallel` construct, or marked
//!   `independent`) would update such a scalar from every iteration at once; it gets the
//!   reductions too, as with NVHPC, which infers reductions in explicitly parallel loops.
//! * `seq` loops, loops of `serial` constructs, and scalars that the loop's own `private` or
//!   `reduction` clause names are left alone.
//!
//! Each loop of a nest that contains the update and uses the scalar in no other way gets the
//! reduction (the Jacobi nest's gang loop and its vector loop): the inner loop's partial
//! results combine into the outer loop's, which combine into the variable. A loop without a
//! directive (a loop of a `kernels` region) gets an [`LoopOp::implicit`] op to carry them.
//!
//! # The variable outside the loop
//! A loop's reduction combines into the storage the variable has where the loop runs. When no
//! enclosing loop privatises it, that is the compute construct's: a scalar is `copy` in
//! `kernels`. In a `parallel` construct a scalar without a clause is `firstprivate` (OpenACC
//! 3.3 §2.6.2), so the result would stay in the gangs' copies. NVHPC makes a scalar whose value
//! is used after the region ("live out") shared instead, so that the reduced value reaches the
//! host. accc does the same for a scalar an implicit reduction combines into: its implicit
//! `firstprivate` becomes an implicit `copy`, as the implicit data rules give a variable that a
//! loop's `reduction` clause names; a warning says that the code relies on it (other compilers
//! keep it firstprivate and lose the update) and what clause to add. A scalar the construct's
//! own `private` or `firstprivate` clause names keeps the clause, with a warning that the
//! update is lost.

use super::outline::Target;
use crate::arena::Handle;
use crate::body::{loop_position, Body, LocalOrVariable, Stmt, Stmts};
use crate::ops::*;
use crate::recipes::reduction_recipe;
use crate::scalar_updates::scalar_reductions;
use crate::{Diagnostic, Span};
use std::collections::{BTreeMap, HashSet};

/// Adds the implicit reductions of every compute region's loops; returns their remarks and
/// warnings.
pub fn implicit_reductions(module: &mut Module) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let computes: Vec<Handle<Op>> = module.region_code.keys().copied().collect();
    for compute in computes {
        let kind = match &module.ops[compute].kind {
            OpKind::Compute(c) if c.kind != ComputeKind::Serial => c.kind,
            _ => continue,
        };
        let Some(mut body) = module.region_code.remove(&compute) else {
            continue;
        };
        let mut stmts = std::mem::take(&mut body.stmts);
        let span = module.ops.get_span(compute);
        let mut finder = Finder {
            module,
            code: &body,
            kind,
            span,
            counters: Vec::new(),
            reduced: BTreeMap::new(),
            diagnostics: &mut diagnostics,
        };
        finder.stmts(&mut stmts, &HashSet::new());
        let reduced = std::mem::take(&mut finder.reduced);
        body.stmts = stmts;
        module.region_code.insert(compute, body);
        construct_storage(module, compute, &reduced, &mut diagnostics);
    }
    diagnostics
}

/// Finds and adds the implicit reductions of one region's loops.
struct Finder<'a, 'm> {
    module: &'m mut Module,
    /// The region's code (its statements are taken out while they are rewritten).
    code: &'a Body,
    kind: ComputeKind,
    /// The compute construct's span.
    span: Span,
    /// The variables of the enclosing acc loops that are program variables.
    counters: Vec<Handle<Variable>>,
    /// Variables reduced by loops that no enclosing loop privatises: they combine into the
    /// construct's storage. With the first loop's operator and span.
    reduced: BTreeMap<Handle<Variable>, (ReductionOp, Span)>,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Finder<'_, '_> {
    /// Visits `stmts`, inside enclosing loops that privatise `masked`.
    fn stmts(&mut self, stmts: &mut Stmts, masked: &HashSet<Handle<Variable>>) {
        for stmt in stmts {
            match stmt {
                Stmt::AccLoop { .. } => self.acc_loop(stmt, masked),
                Stmt::If { accept, reject, .. } => {
                    self.stmts(accept, masked);
                    self.stmts(reject, masked);
                }
                Stmt::Loop { body, step, .. } => {
                    self.stmts(body, masked);
                    self.stmts(step, masked);
                }
                Stmt::Switch { cases, .. } => {
                    for case in cases {
                        self.stmts(&mut case.body, masked);
                    }
                }
                Stmt::Block(inner) => self.stmts(inner, masked),
                _ => {}
            }
        }
    }

    fn acc_loop(&mut self, stmt: &mut Stmt, masked: &HashSet<Handle<Variable>>) {
        let reductions = self.reductions_of(stmt);
        let Stmt::AccLoop {
            op, controls, body, ..
        } = stmt
        else {
            return;
        };
        let position = op
            .map(|o| self.module.ops.get_span(o))
            .or_else(|| loop_position(self.code, controls))
            .unwrap_or(self.span);
        let mut inner = masked.clone();
        if !reductions.is_empty() {
            let handle = *op.get_or_insert_with(|| {
                self.module.ops.append(
                    Op {
                        kind: OpKind::Loop(LoopOp {
                            implicit: true,
                            ..LoopOp::default()
                        }),
                    },
                    position,
                )
            });
            for &(var, reduction) in &reductions {
                let data_op = reduction_op(self.module, var, reduction, position);
                if let OpKind::Loop(l) = &mut self.module.ops[handle].kind {
                    l.reduction.push(data_op);
                }
                let variable = &self.module.variables[var];
                self.diagnostics.push(Diagnostic::remark(
                    position,
                    format!(
                        "implicit reduction({}:{})",
                        reduction.spelling(self.module.language),
                        variable.name
                    ),
                ));
                if !masked.contains(&var) {
                    self.reduced.entry(var).or_insert((reduction, position));
                }
            }
        }
        if let Some(OpKind::Loop(l)) = op.map(|o| &self.module.ops[o].kind) {
            inner.extend(
                l.private
                    .iter()
                    .chain(&l.reduction)
                    .map(|d| self.module.data_ops[*d].var),
            );
        }
        let outer = self.counters.len();
        self.counters
            .extend(controls.iter().filter_map(|c| match c.var {
                LocalOrVariable::Variable(v) => Some(v),
                LocalOrVariable::Local(_) => None,
            }));
        self.stmts(body, &inner);
        self.counters.truncate(outer);
    }

    /// The reductions the loop `stmt` gets (see the module documentation).
    fn reductions_of(&self, stmt: &Stmt) -> Vec<(Handle<Variable>, ReductionOp)> {
        let Stmt::AccLoop { op, .. } = stmt else {
            return Vec::new();
        };
        let module = &*self.module;
        let clauses = match op.map(|o| &module.ops[o].kind) {
            Some(OpKind::Loop(l)) => Some(l),
            _ => None,
        };
        let target = Target::Multicore;
        let applies = |device_types: &DeviceTypes| target.applies(device_types);
        if clauses.is_some_and(|l| l.seq.iter().any(applies)) {
            return Vec::new();
        }
        let found = candidates(module, self.code, stmt, &self.counters);
        if found.is_empty() {
            return found;
        }
        let independent = clauses.is_some_and(|l| l.independent.iter().any(applies));
        let auto = clauses.is_some_and(|l| l.auto_.iter().any(applies));
        let analysed = !independent && (auto || self.kind == ComputeKind::Kernels);
        if analysed {
            let vars: Vec<Handle<Variable>> = found.iter().map(|(v, _)| *v).collect();
            let proven =
                super::dependence::loop_is_independent_assuming(module, self.code, stmt, &vars);
            if proven.is_err() {
                return Vec::new();
            }
        }
        found
    }
}

/// The scalars that loop `stmt` only updates with one reduction operator each and that its
/// clauses do not name: those an implicit reduction may take (`counters`: the variables of the
/// enclosing acc loops, which are never taken).
fn candidates(
    module: &Module,
    code: &Body,
    stmt: &Stmt,
    counters: &[Handle<Variable>],
) -> Vec<(Handle<Variable>, ReductionOp)> {
    let Stmt::AccLoop {
        op, controls, body, ..
    } = stmt
    else {
        return Vec::new();
    };
    let named: HashSet<Handle<Variable>> = match op.map(|o| &module.ops[o].kind) {
        Some(OpKind::Loop(l)) => l
            .private
            .iter()
            .chain(&l.reduction)
            .map(|d| module.data_ops[*d].var)
            .collect(),
        _ => HashSet::new(),
    };
    let counters: Vec<LocalOrVariable> = controls
        .iter()
        .map(|c| c.var)
        .chain(counters.iter().map(|&v| LocalOrVariable::Variable(v)))
        .collect();
    scalar_reductions(code, &module.types, &counters, body)
        .into_iter()
        .filter(|(var, reduction)| {
            let variable = &module.variables[*var];
            !named.contains(var)
                && variable.derived.is_none()
                && matches!(module.types.get(variable.ty), crate::TypeInner::Scalar(kind)
                    if reduction.allows(*kind, module.language))
        })
        .collect()
}

/// Why the dependence test refuses loop `stmt` besides the scalars it only reduces into (a
/// loop that has such scalars and still runs sequentially): the reason to report for it.
/// `None` when it has no such scalars, or when they are the only obstacle.
pub(crate) fn other_obstacle(module: &Module, code: &Body, stmt: &Stmt) -> Option<String> {
    let vars: Vec<Handle<Variable>> = candidates(module, code, stmt, &[])
        .into_iter()
        .map(|(var, _)| var)
        .collect();
    if vars.is_empty() {
        return None;
    }
    super::dependence::loop_is_independent_assuming(module, code, stmt, &vars).err()
}

/// A `reduction` data op of scalar `var` with its recipe, implicit, at `span`.
fn reduction_op(
    module: &mut Module,
    var: Handle<Variable>,
    reduction: ReductionOp,
    span: Span,
) -> Handle<DataOp> {
    let ty = module.variables[var].ty;
    let kind = match module.types.get(ty) {
        crate::TypeInner::Scalar(kind) => *kind,
        _ => unreachable!("implicit reductions are of scalars"),
    };
    let recipe = reduction_recipe(module, reduction, ty, kind, span);
    let op = DataOp {
        kind: DataOpKind::Reduction,
        var,
        path: Vec::new(),
        ty,
        bounds: Vec::new(),
        data_clause: DataClause::Reduction,
        modifiers: Modifiers::default(),
        structured: true,
        implicit: true,
        name: module.variables[var].name.clone(),
        async_: Vec::new(),
        entry: None,
        recipe: Some(recipe),
    };
    module.data_ops.append(op, span)
}

/// Makes the construct's storage of each variable its loops reduce into receive the result
/// (see "The variable outside the loop" in the module documentation).
fn construct_storage(
    module: &mut Module,
    compute: Handle<Op>,
    reduced: &BTreeMap<Handle<Variable>, (ReductionOp, Span)>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let OpKind::Compute(op) = module.ops[compute].kind.clone() else {
        return;
    };
    let construct = op.kind.spelling();
    for (&var, &(reduction, span)) in reduced {
        let clause = format!(
            "reduction({}:{})",
            reduction.spelling(module.language),
            module.variables[var].name
        );
        let name = module.variables[var].name.clone();
        let find = |list: &[Handle<DataOp>]| {
            list.iter()
                .copied()
                .find(|&d| module.data_ops[d].var == var && module.data_ops[d].path.is_empty())
        };
        if let Some(private) = find(&op.private) {
            diagnostics.push(
                Diagnostic::warning(
                    span,
                    format!(
                        "'{name}' is reduced without a 'reduction' clause, and it is private in the '{construct}' construct: the result is lost at the end of the region"
                    ),
                )
                .with_note(module.data_ops.get_span(private), "'private' here"),
            );
            continue;
        }
        let Some(firstprivate) = find(&op.firstprivate) else {
            continue;
        };
        if !module.data_ops[firstprivate].implicit {
            diagnostics.push(
                Diagnostic::warning(
                    span,
                    format!(
                        "'{name}' is reduced without a 'reduction' clause, and it is firstprivate in the '{construct}' construct: the result is lost at the end of the region"
                    ),
                )
                .with_note(module.data_ops.get_span(firstprivate), "'firstprivate' here"),
            );
            continue;
        }
        // An implicit firstprivate: like NVHPC for a variable used after the region, the
        // variable is copied, so that the reduced value reaches the host.
        let captured = module.data_ops.get_span(firstprivate);
        let (entry, exit) =
            super::implicit_data::implicit_copy(module, var, &op.queues.async_, captured);
        if let OpKind::Compute(c) = &mut module.ops[compute].kind {
            c.firstprivate.retain(|&d| d != firstprivate);
            c.data_entry.push(entry);
            c.data_exit.push(exit);
        }
        diagnostics.push(
            Diagnostic::warning(
                span,
                format!(
                    "'{name}' is reduced without a 'reduction' clause: accc copies the result out as NVHPC does, but in a '{construct}' construct OpenACC makes '{name}' firstprivate, and other compilers lose the update"
                ),
            )
            .with_note(span, format!("add '{clause}' to the loop")),
        );
    }
}
