//! Worker loops of multicore kernels, split across threads (fork-join).
//!
//! A gang of a multicore kernel runs on one thread; the threads its launch leaves idle form its
//! *team* (`runtime/src/pool.rs`). A worker-partitioned loop that is not also a gang loop is
//! outlined into its own function, `void body(ptr ctx, i64 begin, i64 end, i64 chunk)`, which
//! runs the flat iterations (or tiles) `[begin, end)` of the loop as piece `chunk`. The gang's
//! thread evaluates the bounds, asks the runtime how many pieces the loop is cut into
//! (`__accrt_worker_chunks`: the team's size, 1 without a team), fills `ctx` and calls
//! `__accrt_fork_workers`, which runs the pieces on the team and returns when all have
//! finished; with one piece it calls the body directly. The code around worker loops runs once
//! per gang on the gang's thread (worker-single mode), so no barrier is needed.
//!
//! `ctx` is an array of 8-byte slots holding everything the body reaches from the kernel: the
//! gang count and the address of the gang id, each level's bounds and trip count, the tile
//! counts, the addresses of the kernel's variables (mapped data, gang-private copies) and of the
//! locals declared outside the loop, and one buffer per reduction. Inside the body those
//! addresses are shared between the pieces (combines into them are atomic); loop variables,
//! loop-private variables, locals declared in the loop (and the region's variables declared in
//! it, which the frontend turns into gang-private kernel variables when a nested loop's clause
//! names them: told by their declaration's place, between the directive and the body's last
//! expression), the loop variables of acc loops nested in it, and the gang's scalars that the
//! body overwrites before reading them (a sequential loop's counter declared outside the loop,
//! a temporary assigned first thing in each iteration) are per piece.
//!
//! Reductions: each piece starts its own partial at the operator's identity and stores it into
//! its slot of the reduction's buffer (`chunk` pieces, on the gang thread's stack); after the
//! join the gang's thread combines the slots in piece order into a partial of its own (the same
//! order on every run, no atomics), which then joins the enclosing value as any loop
//! reduction's partial does. Array reductions keep the loop on the gang's thread.

use std::collections::{BTreeSet, HashSet};

use acc_ir::body::{
    any_stmt, expr_children, stmt_exprs, Body, ExprId, ExprKind, LocalId, LocalOrVariable,
    LoopControl, LoopMapping, Stmt,
};
use acc_ir::{Handle, LoopOp, OpKind, Span, TypeInner, Variable};

use super::accloop::Level;
use super::reduce::Partial;
use super::{Binding, Cx, Gangs, R};
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::Ty;

/// Where the worker loops of a host kernel are outlined to.
#[derive(Debug)]
pub(crate) struct ForkSite {
    /// The kernel's name: outlined bodies are `<name>.worker<N>`.
    pub kernel: String,
    /// The kernel's `Private` parameters: the only variables that may be declared inside a
    /// worker loop ([`declared_within`]).
    pub private: HashSet<Handle<Variable>>,
    /// The outlined bodies written so far.
    pub functions: Vec<String>,
}

impl ForkSite {
    pub(crate) fn new(kernel: &acc_ir::body::Kernel) -> ForkSite {
        ForkSite {
            kernel: kernel.name.clone(),
            private: kernel
                .params
                .iter()
                .filter(|param| param.passing == acc_ir::body::Passing::Private)
                .map(|param| param.var)
                .collect(),
            functions: Vec::new(),
        }
    }
}

/// A worker loop ready to fork: its op and the bounds the gang's thread evaluated.
pub(super) struct WorkerLoop<'l> {
    pub loop_op: Option<&'l LoopOp>,
    pub controls: &'l [LoopControl],
    pub levels: &'l [Level],
    pub tile: &'l [u64],
    pub tile_counts: &'l [Val],
    /// The number of flat iterations (tiles of a tiled nest), `i64`.
    pub total: &'l Val,
    pub vector: bool,
    pub body: &'l [Stmt],
    pub span: Span,
}

/// What a loop body refers to from outside itself.
#[derive(Default)]
struct Reached {
    /// Locals used, and locals declared inside (the latter are the body's own).
    used: BTreeSet<LocalId>,
    declared: BTreeSet<LocalId>,
    /// Loop variables of acc loops nested in the body: private to the thread running them.
    nested_loop_locals: BTreeSet<LocalId>,
    variables: BTreeSet<Handle<Variable>>,
    /// The spans of the expressions reached.
    spans: Vec<Span>,
}

/// The locals and program variables `stmts` refer to, through their expressions (statement
/// expressions included) and the clauses of the acc loops nested in them.
fn reached(module: &acc_ir::Module, body: &Body, stmts: &[Stmt]) -> Reached {
    let mut out = Reached::default();
    let mut lists: Vec<&[Stmt]> = vec![stmts];
    let mut seen: HashSet<ExprId> = HashSet::new();
    let mut exprs: Vec<ExprId> = Vec::new();
    while let Some(list) = lists.pop() {
        any_stmt(list, |stmt| {
            match stmt {
                Stmt::Declare { local, .. } => {
                    out.declared.insert(*local);
                }
                Stmt::AccLoop { op, controls, .. } => {
                    for control in controls {
                        match control.var {
                            LocalOrVariable::Local(local) => {
                                out.nested_loop_locals.insert(local);
                            }
                            LocalOrVariable::Variable(var) => {
                                out.variables.insert(var);
                            }
                        }
                    }
                    if let Some(OpKind::Loop(loop_op)) =
                        op.and_then(|op| module.ops.get(op)).map(|op| &op.kind)
                    {
                        for &data_op in loop_op.private.iter().chain(&loop_op.reduction) {
                            if let Some(data_op) = module.data_ops.get(data_op) {
                                out.variables.insert(data_op.var);
                            }
                        }
                        out.variables
                            .extend(private_extents(module, &loop_op.private));
                    }
                }
                _ => {}
            }
            false
        });
        stmt_exprs(list, &mut exprs);
        while let Some(id) = exprs.pop() {
            if !seen.insert(id) {
                continue;
            }
            let Some(expr) = body.exprs.get(id) else {
                continue;
            };
            out.spans.push(body.exprs.get_span(id));
            match &expr.kind {
                ExprKind::Local(local) => {
                    out.used.insert(*local);
                }
                ExprKind::Variable(var) => {
                    out.variables.insert(*var);
                }
                ExprKind::Block { stmts, value } => {
                    lists.push(stmts);
                    exprs.push(*value);
                }
                kind => exprs.extend(expr_children(kind)),
            }
        }
    }
    out
}

/// The extents of the private arrays of run-time shape among `private` (data ops): a copy made
/// inside an outlined body is sized from them (`Cx::runtime_sized_private`).
fn private_extents<'m>(
    module: &'m acc_ir::Module,
    private: &'m [Handle<acc_ir::DataOp>],
) -> impl Iterator<Item = Handle<Variable>> + 'm {
    private
        .iter()
        .filter_map(|&op| module.data_ops.get(op))
        .filter_map(|op| module.extent_variables(op.var))
        .flatten()
}

/// The locals and variables whose whole value the statements overwrite before anything reads
/// them: plain stores at the top of the body (not under a condition or in a loop), before any
/// use. A sequential loop's counter declared outside the worker loop (`for (k = 0; ...)`) or a
/// temporary assigned first thing in each iteration is dead on entry, so each piece may have
/// its own without changing what the loop computes.
fn overwritten_first(
    module: &acc_ir::Module,
    body: &Body,
    stmts: &[Stmt],
) -> (BTreeSet<LocalId>, BTreeSet<Handle<Variable>>) {
    let mut killed_locals = BTreeSet::new();
    let mut killed_variables = BTreeSet::new();
    let mut read_locals = BTreeSet::new();
    let mut read_variables = BTreeSet::new();
    let read = |stmts: &[Stmt], locals: &mut BTreeSet<LocalId>, variables: &mut BTreeSet<_>| {
        let reached = reached(module, body, stmts);
        locals.extend(reached.used);
        locals.extend(reached.nested_loop_locals);
        variables.extend(reached.variables);
    };
    // Top-level statements in order, blocks flattened; the first non-store use ends nothing:
    // every later store may still kill what was not read before it.
    let mut pending: Vec<&Stmt> = stmts.iter().rev().collect();
    while let Some(stmt) = pending.pop() {
        match stmt {
            Stmt::Block(inner) => pending.extend(inner.iter().rev()),
            Stmt::Store { address, value } => {
                read(&[Stmt::Eval(*value)], &mut read_locals, &mut read_variables);
                match body.exprs.get(*address).map(|e| &e.kind) {
                    Some(ExprKind::Local(local)) => {
                        if !read_locals.contains(local) {
                            killed_locals.insert(*local);
                        }
                    }
                    Some(ExprKind::Variable(var)) => {
                        if !read_variables.contains(var) {
                            killed_variables.insert(*var);
                        }
                    }
                    _ => read(
                        &[Stmt::Eval(*address)],
                        &mut read_locals,
                        &mut read_variables,
                    ),
                }
            }
            other => read(
                std::slice::from_ref(other),
                &mut read_locals,
                &mut read_variables,
            ),
        }
    }
    (killed_locals, killed_variables)
}

/// Where a private variable of the kernel that a worker loop uses is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Declared {
    /// Before the loop: the gang's copy, shared by the pieces.
    Outside,
    /// Inside the loop: each piece gets its own.
    Inside,
    /// On the directive's line (code from a macro): the place cannot tell.
    Unknown,
}

/// Where `variable`, a `Private` parameter of the kernel, is declared relative to the loop whose
/// directive is at `directive` and whose body's expressions end at `last` (line, column). The
/// region's variables that a nested loop's clause names become such parameters
/// (`frontend/src/c/region_fixups.rs`), declarations included, so their place is the only
/// sign of their scope left. A `#pragma` has a line of its own: a declaration on a later line,
/// up to the body's last expression, that the body uses is inside the loop (C declares before
/// use); one on the directive's line comes from a macro expansion.
fn declared_within(variable: &Variable, directive: Span, last: Option<(u32, u32)>) -> Declared {
    let decl = variable.decl;
    let Some(last) = last else {
        return Declared::Outside;
    };
    if !decl.is_known() || !directive.is_known() || decl.file != directive.file {
        return Declared::Outside;
    }
    if decl.line == directive.line {
        Declared::Unknown
    } else if decl.line > directive.line && (decl.line, decl.col) <= last {
        Declared::Inside
    } else {
        Declared::Outside
    }
}

/// How a slot of `ctx` is rebuilt inside the outlined body.
enum Slot {
    Local(LocalId),
    /// A kernel variable's address, and whether it points into the kernel's stack (never
    /// marked parallel inside vector loops) or into a union (no type-based alias information).
    Variable {
        var: Handle<Variable>,
        private: bool,
        may_alias: bool,
    },
}

impl<'a> Cx<'a> {
    /// Whether the acc loop with `mapping` is outlined and forked over the gang's team: a
    /// worker (not gang) loop of a multicore kernel that is `placed` (its `acc.loop` op, or for
    /// a `kernels` loop without one its variable's declaration, tells the variables declared
    /// in it), outside vector loops, whose reductions are on scalars.
    pub(super) fn forks_worker_loop(
        &self,
        mapping: LoopMapping,
        loop_op: Option<&LoopOp>,
        placed: bool,
    ) -> R<bool> {
        if self.fork.is_none()
            || !placed
            || self.device.is_some()
            || self.gangs.is_none()
            || self.access_group.is_some()
            || !mapping.worker
            || mapping.gang
        {
            return Ok(false);
        }
        for &data_op in loop_op.map_or(&[][..], |op| &op.reduction[..]) {
            let var = self.data_op_var(data_op)?;
            let scalar = matches!(
                self.inner(self.module.variables[var].ty)?,
                TypeInner::Scalar(_)
            );
            if !scalar || !self.module.data_ops[data_op].path.is_empty() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Outlines the worker loop, forks it over the team and combines its reductions. Returns
    /// `false`, having written nothing, when a variable the loop uses may be declared in it
    /// without a sure sign ([`Declared::Unknown`]): the loop then runs on the gang's thread.
    pub(super) fn fork_worker_loop(&mut self, l: &WorkerLoop) -> R<bool> {
        let span = l.span;
        let Some(gangs) = self.gangs.clone() else {
            return Err(self.internal("a forked worker loop outside a kernel"));
        };
        let Some(site) = &self.fork else {
            return Err(self.internal("a forked worker loop without a fork site"));
        };
        let name = format!("{}.worker{}", site.kernel, site.functions.len() + 1);
        let mut reached = reached(self.module, self.body, l.body);
        if let Some(loop_op) = l.loop_op {
            // The loop's own private copies are made in the body.
            reached
                .variables
                .extend(private_extents(self.module, &loop_op.private));
        }
        let last = reached
            .spans
            .iter()
            .filter(|s| s.is_known() && s.file == span.file)
            .map(|s| (s.line, s.col))
            .max();
        let (killed_locals, killed_variables) = overwritten_first(self.module, self.body, l.body);
        let mut fresh = Vec::new();
        for &var in &reached.variables {
            let Some(binding) = self.bindings.get(&var) else {
                continue;
            };
            let whole = !matches!(
                self.inner(self.module.variables[var].ty)?,
                TypeInner::Array { .. }
            );
            if !binding.shared && whole && killed_variables.contains(&var) {
                fresh.push(var);
                continue;
            }
            if !site.private.contains(&var) {
                continue;
            }
            match declared_within(&self.module.variables[var], span, last) {
                Declared::Outside => {}
                Declared::Inside => fresh.push(var),
                Declared::Unknown => return Ok(false),
            }
        }
        let own_loop_locals: BTreeSet<LocalId> = l
            .controls
            .iter()
            .filter_map(|control| match control.var {
                LocalOrVariable::Local(local) => Some(local),
                LocalOrVariable::Variable(_) => None,
            })
            .collect();

        // The context: values first, then addresses.
        let mut values: Vec<Val> = vec![gangs.count.clone(), gangs.id_slot.clone()];
        values.extend(gangs.dims.iter().cloned());
        for level in l.levels {
            values.extend([
                level.lower.clone(),
                level.step.clone(),
                level.narrow_step.clone(),
                level.trips.clone(),
            ]);
        }
        values.extend(l.tile_counts.iter().cloned());
        let mut slots = Vec::new();
        for &local in &reached.used {
            let whole = match self.body.locals.get(local) {
                Some(decl) => !matches!(self.inner(decl.ty)?, TypeInner::Array { .. }),
                None => return Err(self.internal(format!("local {local:?} is not in the body"))),
            };
            if reached.declared.contains(&local)
                || reached.nested_loop_locals.contains(&local)
                || own_loop_locals.contains(&local)
                || (whole && killed_locals.contains(&local))
            {
                continue;
            }
            values.push(self.local_slot(local, span)?);
            slots.push(Slot::Local(local));
        }
        for &var in &reached.variables {
            if let Some(binding) = self.bindings.get(&var) {
                if fresh.contains(&var) {
                    continue;
                }
                let ptr = binding.ptr.clone();
                slots.push(Slot::Variable {
                    var,
                    private: self.w.is_alloca_derived(&ptr.repr),
                    may_alias: self.w.is_may_alias(&ptr.repr),
                });
                values.push(ptr);
            }
        }

        // How many pieces, and a buffer of that many partials per reduction.
        self.declare("__accrt_worker_chunks", &Ty::i64(), &[Ty::i64()], span)?;
        let chunks = self.w.assign(
            Ty::i64(),
            format!(
                "call i64 {}(i64 {})",
                global_name("__accrt_worker_chunks"),
                l.total.repr
            ),
        );
        let reductions = l.loop_op.map_or(&[][..], |op| &op.reduction[..]);
        let mut partials: Vec<(Partial, Val, Ty)> = Vec::new();
        let stack = if reductions.is_empty() {
            None
        } else {
            self.declare("llvm.stacksave.p0", &Ty::Ptr, &[], span)?;
            Some(self.w.assign(
                Ty::Ptr,
                format!("call ptr {}()", global_name("llvm.stacksave.p0")),
            ))
        };
        let buffers_from = values.len();
        for &data_op in reductions {
            let var = self.data_op_var(data_op)?;
            let op = self.reduction_op(data_op)?;
            let target = self.variable_binding(var, span)?;
            let partial = self.begin_reduction(var, op, Some(data_op), target, l.body, span)?;
            let Some((_, kind)) = partial.scalar() else {
                return Err(self.internal("an array partial in a forked worker loop"));
            };
            let mem = crate::llvm::ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
            let buffer = self.w.assign(
                Ty::Ptr,
                format!("alloca {mem}, i64 {}, align {}", chunks.repr, mem.align()),
            );
            values.push(buffer.clone());
            partials.push((partial, buffer, mem));
        }
        let context = self
            .w
            .alloca(&Ty::Array(values.len() as u64, Box::new(Ty::i64())));
        for (index, value) in values.iter().enumerate() {
            if value.ty.size() > 8 || matches!(value.ty, Ty::Void) {
                return Err(self.internal(format!("a '{}' value in a worker context", value.ty)));
            }
            let slot = self.context_slot(&context, index);
            self.plain_store(&slot, value);
        }

        // The outlined body.
        let mw = std::mem::take(&mut self.mw);
        let mut inner = Cx::new(self.module, self.body, self.span);
        inner.mw = mw;
        inner.begin_debug(&name);
        let written = inner.worker_body(l, &values, (&slots, &fresh), buffers_from);
        let Cx { w, mw, .. } = inner;
        self.mw = mw;
        written?;
        let header = format!(
            "define internal void {}(ptr noundef %ctx, i64 noundef %begin, i64 noundef %end, i64 noundef %chunk) #0",
            global_name(&name)
        );
        let function = w.finish(&header);
        if let Some(site) = &mut self.fork {
            site.functions.push(function);
        }

        // Fork (or call the body directly for one piece) and join.
        let piece_types = [Ty::Ptr, Ty::Ptr, Ty::i64(), Ty::i64()];
        self.declare("__accrt_fork_workers", &Ty::Void, &piece_types, span)?;
        let alone = self.icmp("eq", &chunks, &Val::i64(1));
        let direct = self.w.block("worker.alone");
        let forked = self.w.block("worker.fork");
        let joined = self.w.block("worker.join");
        self.w.cond_br(&alone, direct, forked);
        self.w.position(direct);
        self.w.line(format!(
            "call void {}(ptr {}, i64 0, i64 {}, i64 0)",
            global_name(&name),
            context.repr,
            l.total.repr
        ));
        self.w.br(joined);
        self.w.position(forked);
        self.w.line(format!(
            "call void {}(ptr {}, ptr {}, i64 {}, i64 {})",
            global_name("__accrt_fork_workers"),
            global_name(&name),
            context.repr,
            l.total.repr,
            chunks.repr
        ));
        self.w.br(joined);
        self.w.position(joined);

        // The pieces' partials, in piece order, then into the enclosing value.
        for (partial, buffer, mem) in &partials {
            let Some((op, kind)) = partial.scalar() else {
                return Err(self.internal("an array partial in a forked worker loop"));
            };
            self.counted_loop(
                &chunks,
                None,
                &mut |cx, index| {
                    let slot = cx.w.assign(
                        Ty::Ptr,
                        format!(
                            "getelementptr inbounds {mem}, ptr {}, {}",
                            buffer.repr,
                            index.typed()
                        ),
                    );
                    let value = cx.load_scalar(&slot, kind, span)?;
                    cx.combine_into(&partial.binding.ptr, &value, kind, op, false, span)
                },
                &mut |_| {},
            )?;
        }
        if let Some(stack) = stack {
            self.declare("llvm.stackrestore.p0", &Ty::Void, &[Ty::Ptr], span)?;
            self.w.line(format!(
                "call void {}(ptr {})",
                global_name("llvm.stackrestore.p0"),
                stack.repr
            ));
        }
        for (partial, _, _) in &partials {
            let shared = partial.target.shared;
            self.end_reduction(partial, shared, span)?;
        }
        Ok(true)
    }

    /// Writes the outlined body into this (fresh) context: rebuilds what `ctx` holds, runs the
    /// loop over `[begin, end)` with per-piece private data, and stores each reduction's partial
    /// into its buffer's slot `chunk`.
    fn worker_body(
        &mut self,
        l: &WorkerLoop,
        outer: &[Val],
        (slots, fresh): (&[Slot], &[Handle<Variable>]),
        buffers_from: usize,
    ) -> R<()> {
        let span = l.span;
        let context = Val::new(Ty::Ptr, "%ctx");
        let mut values = Vec::with_capacity(outer.len());
        for (index, value) in outer.iter().enumerate() {
            // A literal (a loop's constant lower bound or step) is used as it is, so that LLVM
            // sees a unit-stride loop it can vectorise; its slot is filled all the same.
            if value.is_literal() {
                values.push(value.clone());
                continue;
            }
            let slot = self.context_slot(&context, index);
            values.push(self.load_mem(&slot, &value.ty));
        }
        self.w.mark_private(&values[1].repr);
        self.gangs = Some(Gangs {
            count: values[0].clone(),
            id_slot: values[1].clone(),
            dims: [values[2].clone(), values[3].clone(), values[4].clone()],
            dim_ids: None,
        });
        let mut next = 5;
        let mut levels = Vec::with_capacity(l.levels.len());
        for level in l.levels {
            levels.push(Level {
                lower: values[next].clone(),
                step: values[next + 1].clone(),
                narrow_step: values[next + 2].clone(),
                trips: values[next + 3].clone(),
                ..level.clone()
            });
            next += 4;
        }
        let tile_counts = values[next..next + l.tile_counts.len()].to_vec();
        next += l.tile_counts.len();
        for (slot, value) in slots.iter().zip(&values[next..buffers_from]) {
            match *slot {
                Slot::Local(local) => {
                    self.w.mark_private(&value.repr);
                    self.locals.insert(local, value.clone());
                }
                Slot::Variable {
                    var,
                    private,
                    may_alias,
                } => {
                    if private {
                        self.w.mark_private(&value.repr);
                    }
                    if may_alias {
                        self.w.mark_may_alias(&value.repr);
                    }
                    // Other pieces reach the same storage.
                    self.bind(
                        var,
                        Binding {
                            ptr: value.clone(),
                            shared: true,
                        },
                    );
                }
            }
        }

        for &var in fresh {
            let variable = &self.module.variables[var];
            let what = format!("the variable '{}'", variable.name);
            let ty = self.storage_ty(variable.ty, span, &what)?;
            let ptr = self.w.alloca(&ty);
            self.bind(var, Binding { ptr, shared: false });
        }

        let mut saved = Vec::new();
        let mut saved_locals = Vec::new();
        let mut partials = Vec::new();
        if let Some(loop_op) = l.loop_op {
            self.bind_privates(loop_op, span, &mut saved)?;
            for (&data_op, buffer) in loop_op.reduction.iter().zip(&values[buffers_from..]) {
                let var = self.data_op_var(data_op)?;
                let op = self.reduction_op(data_op)?;
                let target = Binding {
                    ptr: buffer.clone(),
                    shared: false,
                };
                let partial = self.begin_reduction(var, op, Some(data_op), target, l.body, span)?;
                self.bind(var, partial.binding.clone());
                partials.push(partial);
            }
        }
        let loop_slots = self.loop_var_slots(&levels, true, span, &mut saved, &mut saved_locals)?;
        let (begin, end) = (Val::new(Ty::i64(), "%begin"), Val::new(Ty::i64(), "%end"));
        let reassociable_from = self.reassociable.len();
        for partial in &partials {
            self.note_reassociable(partial, l.body);
        }
        self.run_nest(
            &levels,
            (l.tile, &tile_counts),
            &loop_slots,
            (&begin, &end),
            None,
            l.vector,
            l.body,
        )?;
        self.reassociable.truncate(reassociable_from);
        self.restore_loop_scope(saved, saved_locals);
        let chunk = Val::new(Ty::i64(), "%chunk");
        for partial in &partials {
            let Some((_, kind)) = partial.scalar() else {
                return Err(self.internal("an array partial in a forked worker loop"));
            };
            let value = self.load_scalar(&partial.binding.ptr, kind, span)?;
            let mem = crate::llvm::ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
            let slot = self.w.assign(
                Ty::Ptr,
                format!(
                    "getelementptr inbounds {mem}, ptr {}, {}",
                    partial.target.ptr.repr,
                    chunk.typed()
                ),
            );
            self.store_scalar(&slot, &value, kind, span)?;
        }
        self.w.terminate("ret void");
        Ok(())
    }

    /// The address of slot `index` of a worker context.
    fn context_slot(&mut self, context: &Val, index: usize) -> Val {
        self.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds i64, ptr {}, i64 {index}",
                context.repr
            ),
        )
    }

    /// Declares a runtime entry or intrinsic with plain parameters.
    fn declare(&mut self, name: &str, ret: &Ty, params: &[Ty], span: Span) -> R<()> {
        self.mw
            .declare_plain(name, ret, params)
            .map_err(|m| self.unsupported(span, m))
    }
}
