//! The verifier: checks the invariants every producer of acc-ir must keep. A failure is always a
//! bug in whoever built the IR (a frontend or a pass), never the user's mistake, so it is reported
//! as an internal error that names the IR entity.
//!
//! Invariants checked:
//! 1. Every handle (op, data op, bounds, expression, variable, recipe, type) refers to an existing
//!    entry of its arena.
//! 2. Every op is in exactly one block (the globals, a function body, or a region): no op is
//!    shared and the nesting has no cycles.
//! 3. Entry lists (`data_entry`, private, firstprivate, reduction, use_device, cache operands)
//!    hold only entry ops; exit lists hold only exit ops, each linked to an entry op of the same
//!    construct naming the same variable and path.
//! 4. Private, firstprivate and reduction ops carry a recipe of their kind; other ops carry none.
//! 5. `structured` is false exactly on `enter data`, `exit data` and global `declare` ops (and the
//!    update ops, which have no reference counting and are marked unstructured).
//! 6. A combined compute op's body is exactly one loop op marked as combined with that kind, and
//!    a loop op marked combined sits in such a body.
//! 7. Compute constructs do not nest in compute constructs; routine ops are only at file scope or
//!    directly in a function body.
//! 8. A loop op's collapse count (when given) is at least 1 and equals its number of controls
//!    when controls are recorded.
//! 9. The type table is built bottom-up: a type refers only to types inserted before it (so
//!    walking a type always ends), and every variable and recipe names an existing type.
//!
//! The body verifier ([`crate::body_verify`]) assumes a module that passes these checks.

use crate::arena::Handle;
use crate::ops::*;
use std::collections::HashSet;
use std::fmt;

/// A broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The IR entity, e.g. `op [3] (acc.parallel)`.
    pub entity: String,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "internal error: acc-ir verifier: {}: {}",
            self.entity, self.message
        )
    }
}

impl std::error::Error for VerifyError {}

/// Checks every invariant listed in the module documentation.
pub fn verify(module: &Module) -> Result<(), VerifyError> {
    types(module)?;
    let mut verifier = Verifier {
        module,
        seen: HashSet::new(),
    };
    verifier.block(&module.globals, None, true)?;
    for function in &module.functions {
        verifier.block(&function.body, None, true)?;
    }
    Ok(())
}

/// Invariant 9.
fn types(module: &Module) -> Result<(), VerifyError> {
    let fail = |entity: String, message: &str| {
        Err(VerifyError {
            entity,
            message: message.to_string(),
        })
    };
    for (handle, inner) in module.types.iter() {
        if crate::types::TypeTable::referenced(inner)
            .iter()
            .any(|r| r.index() >= handle.index())
        {
            return fail(
                format!("type {handle:?}"),
                "refers to a type that is not before it",
            );
        }
    }
    for (handle, variable) in module.variables.iter() {
        if !module.types.contains(variable.ty) {
            return fail(
                format!("variable {handle:?} '{}'", variable.name),
                "type handle out of range",
            );
        }
    }
    for (handle, recipe) in module.recipes.iter() {
        if !module.types.contains(recipe.ty) {
            return fail(
                format!("recipe {handle:?} '{}'", recipe.name),
                "type handle out of range",
            );
        }
    }
    Ok(())
}

struct Verifier<'a> {
    module: &'a Module,
    seen: HashSet<Handle<Op>>,
}

fn op_entity(module: &Module, handle: Handle<Op>) -> String {
    match module.ops.get(handle) {
        Some(op) => format!("op {:?} ({})", handle, op.mlir_name()),
        None => format!("op {handle:?}"),
    }
}

impl<'a> Verifier<'a> {
    fn fail<T>(&self, entity: String, message: impl Into<String>) -> Result<T, VerifyError> {
        Err(VerifyError {
            entity,
            message: message.into(),
        })
    }

    /// `parent`: the enclosing op, if any; `top`: whether this is a function body or the globals.
    fn block(
        &mut self,
        block: &Block,
        parent: Option<Handle<Op>>,
        top: bool,
    ) -> Result<(), VerifyError> {
        // Iterative over the nesting so deeply nested input cannot exhaust the stack.
        // (op, its parent, whether it is at the top of a function, whether inside a compute op)
        type Pending = (Handle<Op>, Option<Handle<Op>>, bool, bool);
        let mut stack: Vec<Pending> = block
            .iter()
            .rev()
            .map(|h| (*h, parent, top, false))
            .collect();
        while let Some((handle, parent, top, in_compute)) = stack.pop() {
            if !self.module.ops.contains(handle) {
                return self.fail(format!("op {handle:?}"), "handle out of range");
            }
            if !self.seen.insert(handle) {
                return self.fail(
                    op_entity(self.module, handle),
                    "op appears in more than one block",
                );
            }
            self.op(handle, parent, top, in_compute)?;
            let op = &self.module.ops[handle];
            let inner_compute = in_compute || matches!(op.kind, OpKind::Compute(_));
            if let Some(body) = op.body() {
                stack.extend(
                    body.iter()
                        .rev()
                        .map(|h| (*h, Some(handle), false, inner_compute)),
                );
            }
        }
        Ok(())
    }

    fn op(
        &mut self,
        handle: Handle<Op>,
        parent: Option<Handle<Op>>,
        top: bool,
        in_compute: bool,
    ) -> Result<(), VerifyError> {
        let module = self.module;
        let op = &module.ops[handle];
        let entity = op_entity(module, handle);
        for data in op.data_operands() {
            self.data_op(data, &entity)?;
        }
        match &op.kind {
            OpKind::Compute(c) => {
                if in_compute {
                    return self.fail(entity, "compute construct nested in a compute construct");
                }
                self.entries(&c.data_entry, &entity)?;
                self.recipe_list(&c.private, RecipeTag::Private, &entity)?;
                self.recipe_list(&c.firstprivate, RecipeTag::Firstprivate, &entity)?;
                self.recipe_list(&c.reduction, RecipeTag::Reduction, &entity)?;
                self.exits(&c.data_exit, &c.data_entry, &entity)?;
                self.structured(&c.data_entry, true, &entity)?;
                if c.combined {
                    let loop_ok = c.body.len() == 1
                        && matches!(module.ops.get(c.body[0]).map(|o| &o.kind), Some(OpKind::Loop(l)) if l.combined == Some(c.kind));
                    if !loop_ok {
                        return self.fail(
                            entity,
                            "combined construct whose body is not one combined loop",
                        );
                    }
                }
                for captured in &c.captured {
                    if !module.variables.contains(captured.var) {
                        return self.fail(entity, "captured variable handle out of range");
                    }
                }
                self.exprs(
                    c.if_cond
                        .iter()
                        .chain(c.self_clause.iter().filter_map(|s| s.condition.as_ref())),
                    &entity,
                )?;
            }
            OpKind::Loop(l) => {
                if let Some(kind) = l.combined {
                    let parent_ok = parent.is_some_and(|p| {
                        matches!(&module.ops[p].kind, OpKind::Compute(c) if c.combined && c.kind == kind)
                    });
                    if !parent_ok {
                        return self.fail(
                            entity,
                            "loop marked combined outside its combined construct",
                        );
                    }
                }
                self.recipe_list(&l.private, RecipeTag::Private, &entity)?;
                self.recipe_list(&l.reduction, RecipeTag::Reduction, &entity)?;
                for c in &l.collapse {
                    if c.value.count == 0 {
                        return self.fail(entity, "collapse count 0");
                    }
                    if c.device_types.is_empty()
                        && !l.control.is_empty()
                        && l.control.len() != c.value.count as usize
                    {
                        return self.fail(
                            entity,
                            "collapse count differs from the number of loop controls",
                        );
                    }
                }
                for control in &l.control {
                    if !module.variables.contains(control.var) {
                        return self.fail(entity, "loop control variable out of range");
                    }
                }
            }
            OpKind::Data(d) => {
                self.entries(&d.data_entry, &entity)?;
                self.exits(&d.data_exit, &d.data_entry, &entity)?;
                self.structured(&d.data_entry, true, &entity)?;
            }
            OpKind::HostData(h) => self.entries(&h.use_device, &entity)?,
            OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s) => {
                self.entries(&s.data_entry, &entity)?;
                self.exits(&s.data_exit, &s.data_entry, &entity)?;
                self.structured(&s.data_entry, false, &entity)?;
            }
            OpKind::Declare(d) => {
                self.entries(&d.data_entry, &entity)?;
                self.exits(&d.data_exit, &d.data_entry, &entity)?;
                self.structured(&d.data_entry, !d.global, &entity)?;
            }
            OpKind::Cache(c) => self.entries(&c.operands, &entity)?,
            OpKind::Routine(_) => {
                if !top {
                    return self.fail(entity, "routine op inside a construct's region");
                }
            }
            OpKind::Wait(_)
            | OpKind::Init(_)
            | OpKind::Shutdown(_)
            | OpKind::Set(_)
            | OpKind::Atomic(_) => {}
        }
        Ok(())
    }

    fn exprs<'b>(
        &self,
        exprs: impl Iterator<Item = &'b ExprHandle>,
        entity: &str,
    ) -> Result<(), VerifyError> {
        for e in exprs {
            if !self.module.exprs.contains(*e) {
                return self.fail(entity.to_string(), "expression handle out of range");
            }
        }
        Ok(())
    }

    fn data_op(&self, handle: Handle<DataOp>, entity: &str) -> Result<(), VerifyError> {
        let module = self.module;
        let Some(data) = module.data_ops.get(handle) else {
            return self.fail(
                entity.to_string(),
                format!("data op {handle:?} out of range"),
            );
        };
        let data_entity = format!(
            "data op {:?} ({}) of {}",
            handle,
            data.kind.mlir_name(),
            entity
        );
        if !module.variables.contains(data.var) {
            return self.fail(data_entity, "variable handle out of range");
        }
        if !module.types.contains(data.ty) {
            return self.fail(data_entity, "type handle out of range");
        }
        for &b in &data.bounds {
            let Some(bounds) = module.bounds.get(b) else {
                return self.fail(data_entity, "bounds handle out of range");
            };
            let all = [
                Some(bounds.lowerbound),
                bounds.upperbound,
                bounds.extent,
                Some(bounds.stride),
                Some(bounds.start_idx),
            ];
            self.exprs(all.iter().flatten(), &data_entity)?;
        }
        for step in &data.path {
            if let PathStep::Index(e) = step {
                self.exprs(std::iter::once(e), &data_entity)?;
            }
        }
        if let Some(recipe) = data.recipe {
            if !module.recipes.contains(recipe) {
                return self.fail(data_entity, "recipe handle out of range");
            }
        }
        Ok(())
    }

    fn entries(&self, list: &[Handle<DataOp>], entity: &str) -> Result<(), VerifyError> {
        for &h in list {
            let data = &self.module.data_ops[h];
            if data.kind.is_exit() {
                return self.fail(
                    format!("data op {:?} of {}", h, entity),
                    format!("exit op {} in an entry list", data.kind.mlir_name()),
                );
            }
            if matches!(
                data.kind,
                DataOpKind::Private | DataOpKind::Firstprivate | DataOpKind::Reduction
            ) != data.recipe.is_some()
            {
                return self.fail(
                    format!("data op {:?} of {}", h, entity),
                    "recipe present on a non-private op or missing on a private one",
                );
            }
        }
        Ok(())
    }

    fn exits(
        &self,
        exits: &[Handle<DataOp>],
        entries: &[Handle<DataOp>],
        entity: &str,
    ) -> Result<(), VerifyError> {
        for &h in exits {
            let data = &self.module.data_ops[h];
            let e = format!("data op {:?} ({}) of {}", h, data.kind.mlir_name(), entity);
            if !data.kind.is_exit() {
                return self.fail(e, "entry op in an exit list");
            }
            let Some(entry) = data.entry else {
                return self.fail(e, "exit op without its entry op");
            };
            if !entries.contains(&entry) {
                return self.fail(e, "exit op linked to an entry op of another construct");
            }
            let entry_op = &self.module.data_ops[entry];
            if entry_op.var != data.var || entry_op.path != data.path {
                return self.fail(e, "exit op names another variable than its entry op");
            }
        }
        Ok(())
    }

    fn structured(
        &self,
        list: &[Handle<DataOp>],
        expected: bool,
        entity: &str,
    ) -> Result<(), VerifyError> {
        for &h in list {
            if self.module.data_ops[h].structured != expected {
                return self.fail(
                    format!("data op {:?} of {}", h, entity),
                    format!("structured should be {expected}"),
                );
            }
        }
        Ok(())
    }

    fn recipe_list(
        &self,
        list: &[Handle<DataOp>],
        tag: RecipeTag,
        entity: &str,
    ) -> Result<(), VerifyError> {
        for &h in list {
            let data = &self.module.data_ops[h];
            let e = format!("data op {:?} ({}) of {}", h, data.kind.mlir_name(), entity);
            let Some(recipe) = data.recipe else {
                return self.fail(e, "missing recipe");
            };
            let matches = matches!(
                (tag, self.module.recipes[recipe].kind, data.kind),
                (RecipeTag::Private, RecipeKind::Private, DataOpKind::Private)
                    | (
                        RecipeTag::Firstprivate,
                        RecipeKind::Firstprivate,
                        DataOpKind::Firstprivate
                    )
                    | (
                        RecipeTag::Reduction,
                        RecipeKind::Reduction(_),
                        DataOpKind::Reduction
                    )
            );
            if !matches {
                return self.fail(e, "op or recipe kind does not match its operand list");
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum RecipeTag {
    Private,
    Firstprivate,
    Reduction,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;
    use crate::types::ScalarKind;

    fn module_with_parallel() -> (Module, Handle<Op>) {
        let mut module = Module::new(Language::C);
        let op = module.ops.append(
            Op {
                kind: OpKind::Compute(ComputeOp {
                    kind: ComputeKind::Parallel,
                    combined: false,
                    queues: AsyncWait::default(),
                    num_gangs: vec![],
                    num_workers: vec![],
                    vector_length: vec![],
                    if_cond: None,
                    self_clause: None,
                    default: None,
                    data_entry: vec![],
                    private: vec![],
                    firstprivate: vec![],
                    reduction: vec![],
                    data_exit: vec![],
                    captured: vec![],
                    body: vec![],
                }),
            },
            Span::default(),
        );
        module.functions.push(Function {
            name: "main".into(),
            span: Span::default(),
            body: vec![op],
        });
        (module, op)
    }

    #[test]
    fn accepts_a_well_formed_module() {
        let (module, _) = module_with_parallel();
        assert_eq!(verify(&module), Ok(()));
    }

    #[test]
    fn rejects_shared_ops() {
        let (mut module, op) = module_with_parallel();
        module.functions[0].body.push(op);
        let error = verify(&module).unwrap_err();
        assert!(error.to_string().contains("more than one block"), "{error}");
    }

    #[test]
    fn rejects_nested_compute() {
        let (mut module, outer) = module_with_parallel();
        let inner = module.ops[outer].clone();
        let inner = module.ops.append(inner, Span::default());
        module.ops[outer].body_mut().unwrap().push(inner);
        let error = verify(&module).unwrap_err();
        assert!(error.to_string().contains("nested in a compute"), "{error}");
    }

    #[test]
    fn rejects_a_type_that_refers_to_a_later_type() {
        let (mut module, _) = module_with_parallel();
        let int = module.types.scalar(ScalarKind::Int {
            signed: true,
            width: 32,
        });
        assert_eq!(verify(&module), Ok(()));
        // A pointer to itself: printing it would never end.
        let own = crate::arena::Handle::from_index(int.index() + 1);
        module
            .types
            .insert(crate::types::TypeInner::Pointer { pointee: own });
        let error = verify(&module).unwrap_err();
        assert!(error.to_string().contains("not before it"), "{error}");
    }

    #[test]
    fn rejects_exit_without_entry() {
        let (mut module, op) = module_with_parallel();
        let ty = module.types.scalar(ScalarKind::Int {
            signed: true,
            width: 32,
        });
        let var = module.variable(
            Variable {
                name: "x".into(),
                ty,
                storage: Storage::Local,
                decl: Span::default(),
                derived: None,
                restrict: false,
                symbol: None,
            },
            Span::default(),
        );
        let exit = module.data_ops.append(
            DataOp {
                kind: DataOpKind::Copyout,
                var,
                path: vec![],
                ty,
                bounds: vec![],
                data_clause: DataClause::Copy,
                modifiers: Modifiers::default(),
                structured: true,
                implicit: false,
                name: "x".into(),
                async_: vec![],
                entry: None,
                recipe: None,
            },
            Span::default(),
        );
        if let OpKind::Compute(c) = &mut module.ops[op].kind {
            c.data_exit.push(exit);
        }
        let error = verify(&module).unwrap_err();
        assert!(
            error.to_string().contains("without its entry op"),
            "{error}"
        );
    }
}
