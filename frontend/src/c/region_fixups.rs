//! Adjustments of a lowered region's body IR that need the directive lowering's knowledge:
//! calls to functions of the translation unit go through global aliases, and variables declared
//! inside the region but named by a loop's `private`/`reduction` clause use the clause's variable.

use super::CUnit;
use acc_ir::body::{Body, Expr, ExprKind, LocalId, LocalKind, LocalOrVariable, Stmt};
use acc_ir::{Arena, Handle, Module, OpKind, Variable};
use std::collections::HashMap;
use std::ops::Range;

/// Calls to functions defined in this translation unit go through their global aliases
/// ([`super::alias_name`]); the host emitter defines the aliases.
pub(crate) fn call_through_aliases(unit: &CUnit, file: &str, body: &mut Body) {
    let handles: Vec<_> = body.exprs.iter().map(|(h, _)| h).collect();
    for handle in handles {
        if let ExprKind::Call { function, .. } = &mut body.exprs[handle].kind {
            if unit
                .function_named(function)
                .is_some_and(|f| f.is_definition)
            {
                *function = super::alias_name(file, function);
            }
        }
    }
}

/// A variable declared inside the region and named in a `private` or `reduction` clause of a
/// loop in it is a local of the body, while the clause names it as a variable. The body is
/// rewritten to use the variable, so the clause applies to the storage the code uses (the
/// kernel gives such a variable one private copy per gang). That includes the variable of an
/// OpenACC loop declared at the top of the region (`{ int i; #pragma acc loop for (i = 0; ...`),
/// which the loop privatises implicitly: its loop control is rebound with its uses, else the
/// loop would step the local while the body reads the variable.
pub(crate) fn bind_loop_clause_locals(
    module: &Module,
    loops: &HashMap<u32, (Handle<acc_ir::Op>, usize)>,
    region: &Range<u32>,
    body: &mut Body,
) {
    let mut variables = Vec::new();
    for (&start, &(op, _)) in loops {
        if !region.contains(&start) {
            continue;
        }
        if let OpKind::Loop(l) = &module.ops[op].kind {
            variables.extend(
                l.private
                    .iter()
                    .chain(&l.reduction)
                    .map(|d| module.data_ops[*d].var),
            );
        }
    }
    let mut rebound: HashMap<LocalId, Handle<Variable>> = HashMap::new();
    for var in variables {
        let addressed = body
            .exprs
            .iter()
            .any(|(_, e)| e.kind == ExprKind::Variable(var));
        if addressed {
            continue;
        }
        let name = &module.variables[var].name;
        for (local, l) in body.locals.iter() {
            if &l.name == name && l.kind == LocalKind::Declared {
                rebound.insert(local, var);
            }
        }
    }
    if rebound.is_empty() {
        return;
    }
    let handles: Vec<_> = body.exprs.iter().map(|(h, _)| h).collect();
    for handle in handles {
        if let ExprKind::Local(local) = body.exprs[handle].kind {
            if let Some(&var) = rebound.get(&local) {
                body.exprs[handle].kind = ExprKind::Variable(var);
            }
        }
    }
    let mut stmts = std::mem::take(&mut body.stmts);
    rewrite_declarations(&mut stmts, &body.exprs, &rebound);
    body.stmts = stmts;
}

/// `Declare { local, init }` of a rebound local becomes a store of its initial value into the
/// variable (the address expression of the variable already exists: the local's uses were
/// rewritten to it), and an OpenACC loop controlled by a rebound local is controlled by the
/// variable.
fn rewrite_declarations(
    stmts: &mut [Stmt],
    exprs: &Arena<Expr>,
    rebound: &HashMap<LocalId, Handle<Variable>>,
) {
    let mut stack: Vec<&mut [Stmt]> = vec![stmts];
    while let Some(list) = stack.pop() {
        for stmt in list.iter_mut() {
            if let Stmt::Declare { local, init } = stmt {
                if let Some(&var) = rebound.get(local) {
                    let address = exprs
                        .iter()
                        .find(|(_, e)| e.kind == ExprKind::Variable(var))
                        .map(|(h, _)| h);
                    *stmt = match (init, address) {
                        (Some(value), Some(address)) => Stmt::Store {
                            address,
                            value: *value,
                        },
                        _ => Stmt::Block(Vec::new()),
                    };
                    continue;
                }
            }
            match stmt {
                Stmt::If { accept, reject, .. } => {
                    stack.push(accept);
                    stack.push(reject);
                }
                Stmt::Loop { body, step, .. } => {
                    stack.push(body);
                    stack.push(step);
                }
                Stmt::AccLoop { body, controls, .. } => {
                    for control in controls.iter_mut() {
                        if let LocalOrVariable::Local(local) = control.var {
                            if let Some(&var) = rebound.get(&local) {
                                control.var = LocalOrVariable::Variable(var);
                            }
                        }
                    }
                    stack.push(body);
                }
                Stmt::Block(body) => stack.push(body),
                Stmt::Switch { cases, .. } => {
                    for case in cases.iter_mut() {
                        stack.push(&mut case.body);
                    }
                }
                _ => {}
            }
        }
    }
}
