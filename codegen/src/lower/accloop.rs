//! OpenACC loops (`Stmt::AccLoop`): trip counts of each associated loop, the collapsed
//! iteration space, its division among gangs, private copies, reduction partials, and the
//! `llvm.loop` metadata that lets LLVM vectorise a `vector` loop.
//!
//! Each level's trip count is computed once at loop entry in 64-bit arithmetic; the levels are
//! collapsed into one flat space of their product N. A gang-partitioned loop gives gang `g` of
//! `G` the flat iterations `[floor(g*N/G), floor((g+1)*N/G))`, computed as
//! `g*(N/G) + g*(N%G)/G` so that nothing overflows while G ≤ 2³². The innermost level always runs
//! as a plain counted loop (the one LLVM vectorises); outer levels advance like an odometer.
//!
//! A tiled loop (`tile(s_0, ..., s_{d-1})`) is strip-mined: level `k` has `T_k = ceil(N_k/s_k)`
//! tiles, and the flat space of the `T = ∏T_k` tiles (innermost fastest) is what the gangs
//! divide. For each tile of its range a thread computes the tile's origin `t_k*s_k` and extent
//! `min(s_k, N_k - t_k*s_k)` per level (partial tiles at the edges are shorter) and runs the
//! element loops: the same collapsed nest as above over the tile's extents, with each level's
//! lower bound moved to the tile's origin, so the innermost element loop is the counted loop
//! LLVM vectorises. On a GPU the element iterations of a tile are spread over the block's
//! threads.
//!
//! On the host, a worker loop that is not a gang loop is outlined and split over the gang's
//! team of threads instead ([`super::fork`]); the iterations (or tiles) each thread runs go
//! through the same nests.

use acc_ir::body::{BinaryOp, LocalId, LocalOrVariable, LoopControl, LoopMapping, Stmt};
use acc_ir::{
    DataOp, Handle, LoopOp, Op, OpKind, RecipeKind, ReductionOp, ScalarKind, Span, TypeHandle,
    Variable,
};

use super::fork::WorkerLoop;
use super::reduce::Partial;
use super::{Binding, Cx, R};
use crate::llvm::text::Val;
use crate::llvm::ty::Ty;

/// One associated loop, evaluated at loop entry.
#[derive(Clone, Debug)]
pub(super) struct Level {
    pub var: LocalOrVariable,
    pub var_ty: TypeHandle,
    /// Bit width and signedness of the loop variable.
    pub width: u32,
    pub signed: bool,
    /// `lower` and `step` extended to `i64` by the variable's signedness.
    pub lower: Val,
    pub step: Val,
    /// `step` in the variable's type.
    pub narrow_step: Val,
    /// The number of iterations, `i64` (unsigned).
    pub trips: Val,
}

/// The bindings a loop replaced, to restore after it.
pub(super) type SavedBindings = Vec<(Handle<Variable>, Option<Binding>)>;
/// The local slots a loop replaced, to restore after it.
pub(super) type SavedLocals = Vec<(LocalId, Option<Val>)>;

/// The tiles of a tiled nest: each level's tile size and number of tiles.
struct Tiles<'t> {
    sizes: &'t [u64],
    counts: &'t [Val],
}

impl<'a> Cx<'a> {
    pub(crate) fn acc_loop(
        &mut self,
        op: Option<Handle<Op>>,
        controls: &[LoopControl],
        mapping: LoopMapping,
        tile: &[u64],
        body: &[Stmt],
    ) -> R<()> {
        // A loop of a `kernels` region without an op is placed by its variable's declaration
        // (`for (int j = ...`), which tells a worker fork what is declared inside it.
        let own_position = match (op, controls.first().map(|c| c.var)) {
            (None, Some(LocalOrVariable::Local(local))) => {
                Some(self.body.locals.get_span(local)).filter(Span::is_known)
            }
            _ => None,
        };
        let span = own_position.unwrap_or_else(|| self.op_span(op));
        let loop_op = match op {
            None => None,
            Some(handle) => match self.module.ops.get(handle).map(|op| &op.kind) {
                Some(OpKind::Loop(loop_op)) => Some(loop_op),
                _ => return Err(self.internal(format!("AccLoop op {handle:?} is not an acc.loop"))),
            },
        };
        if controls.is_empty() {
            return Err(self.internal("an AccLoop without loop controls"));
        }
        // Bounds are evaluated in the enclosing scope, before any privatisation.
        let mut levels = Vec::with_capacity(controls.len());
        for control in controls {
            levels.push(self.level(control, span)?);
        }
        if !tile.is_empty() && tile.len() != levels.len() {
            return Err(self.internal("an AccLoop whose tile sizes do not match its controls"));
        }
        // The flat space the gangs divide: the iterations, or the tiles of a tiled nest.
        let tile_counts: Vec<Val> = tile
            .iter()
            .zip(&levels)
            .map(|(&size, level)| self.tile_count(&level.trips, size))
            .collect();
        let counts: Vec<Val> = if tile.is_empty() {
            levels.iter().map(|l| l.trips.clone()).collect()
        } else {
            tile_counts.clone()
        };
        let mut total = counts[0].clone();
        for count in &counts[1..] {
            total = self.bin("mul", &total, count);
        }
        if self.forks_worker_loop(mapping, loop_op, op.is_some() || own_position.is_some())?
            && self.fork_worker_loop(&WorkerLoop {
                loop_op,
                controls,
                levels: &levels,
                tile,
                tile_counts: &tile_counts,
                total: &total,
                vector: mapping.vector,
                body,
                span,
            })?
        {
            return Ok(());
        }
        let (begin, end) = match (&self.gangs, mapping.gang) {
            (Some(_), true) => self.gang_range(&total, mapping.gang_dimension()),
            _ => (Val::i64(0), total.clone()),
        };
        // On a GPU, a worker or vector loop of the redundant code is spread over the block's
        // threads; everything it allocates from here on is private to each thread.
        let pool = self.spread_pool(mapping.worker || mapping.vector);
        if pool.is_some() {
            let first = self.w.alloca_count();
            if let Some(device) = &mut self.device {
                device.spread_from = Some(first);
            }
        }
        let mut saved_locals = Vec::new();

        // Loop-private data, reduction partials and loop variables.
        let mut saved = Vec::new();
        let mut partials: Vec<Partial> = Vec::new();
        if let Some(loop_op) = loop_op {
            self.bind_privates(loop_op, span, &mut saved)?;
            for &data_op in &loop_op.reduction {
                let var = self.data_op_var(data_op)?;
                if self.routine_storage(var) {
                    // A Fortran routine's argument or local is a body local the loop body
                    // updates in place; the routine's worker and vector loops run on the
                    // calling thread, so that is the reduction. A gang loop of a routine is
                    // divided among blocks: its partials would need the variable's binding.
                    if mapping.gang {
                        return Err(self.unsupported(
                            span,
                            format!(
                                "a gang loop reduction on '{}', an argument or local of the routine",
                                self.module.variables[var].name
                            ),
                        ));
                    }
                    continue;
                }
                let reduction = self.reduction_op(data_op)?;
                let target = self.variable_binding(var, span)?;
                let partial =
                    self.begin_reduction(var, reduction, Some(data_op), target, body, span)?;
                let previous = self.bind(var, partial.binding.clone());
                saved.push((var, previous));
                partials.push(partial);
            }
        }
        let slots =
            self.loop_var_slots(&levels, pool.is_some(), span, &mut saved, &mut saved_locals)?;
        let reassociable_from = self.reassociable.len();
        for partial in &partials {
            self.note_reassociable(partial, body);
        }
        let result = self.run_nest(
            &levels,
            (tile, &tile_counts),
            &slots,
            (&begin, &end),
            pool.as_ref(),
            mapping.vector,
            body,
        );

        // Restore the enclosing bindings, then combine the partials into them.
        self.reassociable.truncate(reassociable_from);
        self.restore_loop_scope(saved, saved_locals);
        let mut combined = Vec::new();
        if let Some(pool) = &pool {
            if let Some(device) = &mut self.device {
                device.spread_from = None;
            }
            result?;
            // Every iteration is done before the redundant code goes on; then each thread's
            // partials become the block's (the same value on every thread).
            self.barrier()?;
            for (index, partial) in partials.iter().enumerate() {
                let shared = mapping.gang || partial.target.shared;
                if self.combine_across_threads(partial, pool, shared, span)? {
                    combined.push(index);
                }
            }
        } else {
            result?;
        }
        let atomic = mapping.gang;
        for (index, partial) in partials.iter().enumerate() {
            let shared = atomic || partial.target.shared;
            if combined.contains(&index) {
                // A scratch partial, combined into its target by the block's threads.
                self.release_reduction(partial);
            } else if self.redundant() && !self.w.is_alloca_derived(&partial.target.ptr.repr) {
                // Shared storage: one thread combines the block's result into it.
                self.on_leader(&mut |cx| cx.end_reduction(partial, shared, span))?;
            } else if self.redundant() {
                // Each GPU thread's own copy of the redundant code's private storage.
                self.end_reduction(partial, false, span)?;
            } else {
                self.end_reduction(partial, shared, span)?;
            }
        }
        Ok(())
    }

    /// Binds each private variable of the loop to a fresh alloca, saving the enclosing binding.
    pub(super) fn bind_privates(
        &mut self,
        loop_op: &LoopOp,
        span: Span,
        saved: &mut SavedBindings,
    ) -> R<()> {
        for &data_op in &loop_op.private {
            let var = self.data_op_var(data_op)?;
            let binding = self.private_binding(var, Some(data_op), span)?;
            let previous = self.bind(var, binding);
            saved.push((var, previous));
        }
        Ok(())
    }

    /// The operator of a loop reduction operand.
    pub(super) fn reduction_op(&self, data_op: Handle<DataOp>) -> R<ReductionOp> {
        match self.module.data_ops[data_op]
            .recipe
            .and_then(|recipe| self.module.recipes.get(recipe))
        {
            Some(recipe) => match recipe.kind {
                RecipeKind::Reduction(reduction) => Ok(reduction),
                _ => Err(self.internal("a reduction operand with a non-reduction recipe")),
            },
            None => Err(self.internal("a reduction operand without a recipe")),
        }
    }

    /// The slot of each level's loop variable: a fresh alloca for a program variable (and for a
    /// local when `fresh`), the local's own slot otherwise.
    pub(super) fn loop_var_slots(
        &mut self,
        levels: &[Level],
        fresh: bool,
        span: Span,
        saved: &mut SavedBindings,
        saved_locals: &mut SavedLocals,
    ) -> R<Vec<Val>> {
        let mut slots = Vec::with_capacity(levels.len());
        for level in levels {
            let slot = match level.var {
                LocalOrVariable::Local(local) if fresh => {
                    // A fresh slot per thread, even when the local exists around the loop.
                    let mem = self.mem_ty(level.var_ty, span)?;
                    let slot = self.w.alloca(&mem);
                    saved_locals.push((local, self.locals.insert(local, slot.clone())));
                    slot
                }
                LocalOrVariable::Local(local) => self.local_slot(local, span)?,
                LocalOrVariable::Variable(var) => {
                    let mem = self.mem_ty(level.var_ty, span)?;
                    let slot = self.w.alloca(&mem);
                    let previous = self.bind(
                        var,
                        Binding {
                            ptr: slot.clone(),
                            shared: false,
                        },
                    );
                    saved.push((var, previous));
                    slot
                }
            };
            slots.push(slot);
        }
        Ok(slots)
    }

    /// Puts back the bindings and local slots the loop replaced, innermost first.
    pub(super) fn restore_loop_scope(&mut self, saved: SavedBindings, saved_locals: SavedLocals) {
        for (var, previous) in saved.into_iter().rev() {
            self.restore(var, previous);
        }
        for (local, previous) in saved_locals.into_iter().rev() {
            match previous {
                Some(slot) => self.locals.insert(local, slot),
                None => self.locals.remove(&local),
            };
        }
    }

    /// Runs the flat iterations (or tiles, with `tile` sizes) `[begin, end)` of the nest: spread
    /// over a GPU block's threads with `pool`, else one after the other.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_nest(
        &mut self,
        levels: &[Level],
        (tile, tile_counts): (&[u64], &[Val]),
        slots: &[Val],
        (begin, end): (&Val, &Val),
        pool: Option<&super::threads::Pool>,
        vector: bool,
        body: &[Stmt],
    ) -> R<()> {
        if tile.is_empty() {
            return match pool {
                Some(pool) => self.spread_nest(levels, slots, begin, end, pool, body),
                None => self.loop_nest(levels, slots, begin, end, vector, body),
            };
        }
        let tiles = Tiles {
            sizes: tile,
            counts: tile_counts,
        };
        self.tile_nest(levels, &tiles, slots, (begin, end), pool, vector, body)
    }

    /// A loop nest spread over a GPU block's threads: thread `rank` runs the flat iterations
    /// `begin + rank`, `begin + rank + count`, ... below `end` (cyclic, so that neighbouring
    /// threads touch neighbouring iterations).
    fn spread_nest(
        &mut self,
        levels: &[Level],
        slots: &[Val],
        begin: &Val,
        end: &Val,
        pool: &super::threads::Pool,
        body: &[Stmt],
    ) -> R<()> {
        let position = self.w.alloca(&Ty::i64());
        let first = self.bin("add", begin, &pool.rank);
        self.store_mem(&position, &first);
        let head = self.w.block("spread.head");
        let work = self.w.block("spread.body");
        let latch = self.w.block("spread.latch");
        let done = self.w.block("spread.done");
        self.w.br(head);
        self.w.position(head);
        let k = self.load_mem(&position, &Ty::i64());
        let more = self.icmp("ult", &k, end);
        self.w.cond_br(&more, work, done);
        self.w.position(work);
        let mut rest = k;
        for (index, (level, slot)) in levels.iter().zip(slots).enumerate().rev() {
            let within = if index == 0 {
                rest.clone()
            } else {
                let within = self.bin("urem", &rest, &level.trips);
                rest = self.bin("udiv", &rest, &level.trips);
                within
            };
            self.set_loop_var(level, slot, &within);
        }
        self.push_target(None, Some(latch));
        let result = self.stmts(body);
        self.pop_target();
        result?;
        self.w.br(latch);
        self.w.position(latch);
        let k = self.load_mem(&position, &Ty::i64());
        let next = self.bin("add", &k, &pool.count);
        self.store_mem(&position, &next);
        self.w.br(head);
        self.w.position(done);
        Ok(())
    }

    /// `ceil(trips / size)` without overflow: `trips/size + (trips%size != 0)`.
    fn tile_count(&mut self, trips: &Val, size: u64) -> Val {
        let size = Val::i64(size as i64);
        let whole = self.bin("udiv", trips, &size);
        let rest = self.bin("urem", trips, &size);
        let partial = self.icmp("ne", &rest, &Val::i64(0));
        let partial = self.resize_int(partial, 64, false);
        self.bin("add", &whole, &partial)
    }

    /// The tiles `[begin, end)` of a tiled nest (flat, innermost fastest), one after the other;
    /// in each, the element loops over the tile's part of every level.
    #[allow(clippy::too_many_arguments)]
    fn tile_nest(
        &mut self,
        levels: &[Level],
        tiles: &Tiles,
        slots: &[Val],
        (begin, end): (&Val, &Val),
        pool: Option<&super::threads::Pool>,
        vector: bool,
        body: &[Stmt],
    ) -> R<()> {
        let position = self.spill(begin);
        let head = self.w.block("tile.head");
        let work = self.w.block("tile.body");
        let done = self.w.block("tile.done");
        self.w.br(head);
        self.w.position(head);
        let t = self.load_mem(&position, &Ty::i64());
        let more = self.icmp("ult", &t, end);
        self.w.cond_br(&more, work, done);
        self.w.position(work);
        // Decompose the tile number into one tile index per level; each level of the element
        // loops starts at the tile's origin and runs over its extent.
        let mut elements: Vec<Level> = levels.to_vec();
        let mut rest = t.clone();
        for index in (0..levels.len()).rev() {
            let tile_index = if index == 0 {
                rest.clone()
            } else {
                let within = self.bin("urem", &rest, &tiles.counts[index]);
                rest = self.bin("udiv", &rest, &tiles.counts[index]);
                within
            };
            let size = Val::i64(tiles.sizes[index] as i64);
            let origin = self.bin("mul", &tile_index, &size);
            let left = self.bin("sub", &levels[index].trips, &origin);
            let short = self.icmp("ult", &left, &size);
            let extent = self.select(&short, &left, &size);
            let moved = self.bin("mul", &origin, &levels[index].step);
            elements[index].lower = self.bin("add", &levels[index].lower, &moved);
            elements[index].trips = extent;
        }
        let mut count = elements[0].trips.clone();
        for level in &elements[1..] {
            count = self.bin("mul", &count, &level.trips);
        }
        let zero = Val::i64(0);
        match pool {
            Some(pool) => self.spread_nest(&elements, slots, &zero, &count, pool, body)?,
            None => self.loop_nest(&elements, slots, &zero, &count, vector, body)?,
        }
        let t = self.load_mem(&position, &Ty::i64());
        let next = self.bin("add", &t, &Val::i64(1));
        self.store_mem(&position, &next);
        self.w.br(head);
        self.w.position(done);
        Ok(())
    }

    pub(super) fn data_op_var(&self, data_op: Handle<DataOp>) -> R<Handle<acc_ir::Variable>> {
        match self.module.data_ops.get(data_op) {
            Some(op) if self.module.variables.contains(op.var) => Ok(op.var),
            _ => Err(self.internal(format!("data op {data_op:?} is not in the module"))),
        }
    }

    /// Evaluates one loop control: the variable's type, lower bound, step and trip count.
    fn level(&mut self, control: &LoopControl, span: Span) -> R<Level> {
        let var_ty = match control.var {
            LocalOrVariable::Local(local) => match self.body.locals.get(local) {
                Some(decl) => decl.ty,
                None => return Err(self.internal(format!("local {local:?} is not in the body"))),
            },
            LocalOrVariable::Variable(var) => match self.module.variables.get(var) {
                Some(variable) => variable.ty,
                None => return Err(self.internal(format!("variable {var:?} is not in the module"))),
            },
        };
        let Some(kind @ ScalarKind::Int { signed, width }) = self.scalar(var_ty) else {
            return Err(self.unsupported(
                span,
                format!(
                    "loop variables of type '{}' are not supported",
                    self.module.types.display(var_ty)
                ),
            ));
        };
        if width > 64 {
            return Err(
                self.unsupported(span, "loop variables wider than 64 bits are not supported")
            );
        }
        let operand = |cx: &mut Self, id| -> R<Val> {
            let ty = cx.expr_ty(id)?;
            let from = cx.scalar_of(ty, span, "a loop bound")?;
            let value = cx.value(id)?;
            cx.convert_scalar(value, from, kind, span)
        };
        let lower = operand(self, control.lower)?;
        let upper = operand(self, control.upper)?;
        let step = operand(self, control.step)?;
        let width = u32::from(width);
        let trips = self.trip_count(control.compare, &lower, &upper, &step, signed, span)?;
        let lower = self.resize_int(lower, 64, signed);
        let narrow_step = step.clone();
        let step = self.resize_int(step, 64, signed);
        Ok(Level {
            var: control.var,
            var_ty,
            width,
            signed,
            lower,
            step,
            narrow_step,
            trips,
        })
    }

    /// The number of iterations of `for (v = lower; v compare upper; v += step)`, zero when the
    /// loop is empty or the step does not move toward the bound.
    fn trip_count(
        &mut self,
        compare: BinaryOp,
        lower: &Val,
        upper: &Val,
        step: &Val,
        signed: bool,
        span: Span,
    ) -> R<Val> {
        let lo = self.resize_int(lower.clone(), 64, signed);
        let hi = self.resize_int(upper.clone(), 64, signed);
        let zero_w = Val::new(step.ty.clone(), "0");
        let increment = self.resize_int(step.clone(), 64, signed);
        let negated = self.w.assign(
            step.ty.clone(),
            format!("sub {}, {}", zero_w.typed(), step.repr),
        );
        let decrement = self.resize_int(negated, 64, signed);
        let s = |relation: &str| format!("{}{relation}", if signed { 's' } else { 'u' });
        let positive = |cx: &mut Self, v: &Val| {
            if signed {
                cx.icmp("sgt", v, &Val::i64(0))
            } else {
                cx.icmp("ne", v, &Val::i64(0))
            }
        };
        // count(distance, by, inclusive) = (distance - !inclusive) / by + 1
        let count =
            |cx: &mut Self, from: &Val, to: &Val, by: &Val, inclusive: bool, valid: &Val| {
                let distance = cx.bin("sub", to, from);
                let distance = if inclusive {
                    distance
                } else {
                    cx.bin("sub", &distance, &Val::i64(1))
                };
                let divisor = cx.select(valid, by, &Val::i64(1));
                let quotient = cx.bin("udiv", &distance, &divisor);
                cx.bin("add", &quotient, &Val::i64(1))
            };
        let (nonempty, trips) = match compare {
            BinaryOp::Lt | BinaryOp::Le => {
                let inclusive = compare == BinaryOp::Le;
                let pred = if inclusive { s("le") } else { s("lt") };
                let valid = positive(self, &increment);
                let ordered = self.icmp(&pred, &lo, &hi);
                let nonempty = self.bin("and", &ordered, &valid);
                (
                    nonempty,
                    count(self, &lo, &hi, &increment, inclusive, &valid),
                )
            }
            BinaryOp::Gt | BinaryOp::Ge => {
                let inclusive = compare == BinaryOp::Ge;
                let pred = if inclusive { s("ge") } else { s("gt") };
                let valid = positive(self, &decrement);
                let ordered = self.icmp(&pred, &lo, &hi);
                let nonempty = self.bin("and", &ordered, &valid);
                (
                    nonempty,
                    count(self, &hi, &lo, &decrement, inclusive, &valid),
                )
            }
            BinaryOp::Ne => {
                let up = self.icmp(&s("lt"), &lo, &hi);
                let up_valid = positive(self, &increment);
                let down_valid = positive(self, &decrement);
                let valid = self.select(&up, &up_valid, &down_valid);
                let differ = self.icmp("ne", &lo, &hi);
                let nonempty = self.bin("and", &differ, &valid);
                let up_count = count(self, &lo, &hi, &increment, false, &up_valid);
                let down_count = count(self, &hi, &lo, &decrement, false, &down_valid);
                (nonempty, self.select(&up, &up_count, &down_count))
            }
            other => {
                return Err(
                    self.unsupported(span, format!("loop condition with operator {other:?}"))
                )
            }
        };
        Ok(self.select(&nonempty, &trips, &Val::i64(0)))
    }

    /// `[g*N/G, (g+1)*N/G)` for the current gang.
    fn gang_range(&mut self, total: &Val, dim: u8) -> (Val, Val) {
        let Some(gangs) = self.gangs.clone() else {
            return (Val::i64(0), total.clone());
        };
        let index = usize::from(dim.clamp(1, 3) - 1);
        let one = |cx: &mut Self, count: &Val| {
            let is_zero = cx.icmp("eq", count, &Val::i64(0));
            cx.select(&is_zero, &Val::i64(1), count)
        };
        let count = one(self, &gangs.dims[index]);
        let gang = match &gangs.dim_ids {
            Some(ids) => ids[index].clone(),
            None => {
                // g_d = (g / (G_1 * ... * G_{d-1})) mod G_d.
                let mut gang = self.load_mem(&gangs.id_slot, &Ty::i64());
                for lower in &gangs.dims[..index] {
                    let lower = one(self, lower);
                    gang = self.bin("udiv", &gang, &lower);
                }
                // `g < G_d` (always so when the other dimensions have one gang): no division,
                // which would keep LLVM from hoisting the range out of the gang's loops.
                let within = self.icmp("ult", &gang, &count);
                let slot = self.spill(&gang);
                let wrap = self.w.block("gang.wrap");
                let done = self.w.block("gang.dim");
                self.w.cond_br(&within, done, wrap);
                self.w.position(wrap);
                let wrapped = self.bin("urem", &gang, &count);
                self.store_mem(&slot, &wrapped);
                self.w.br(done);
                self.w.position(done);
                self.load_mem(&slot, &Ty::i64())
            }
        };
        let quotient = self.bin("udiv", total, &count);
        let remainder = self.bin("urem", total, &count);
        let bound = |cx: &mut Self, g: &Val| {
            let whole = cx.bin("mul", g, &quotient);
            let part = cx.bin("mul", g, &remainder);
            let part = cx.bin("udiv", &part, &count);
            cx.bin("add", &whole, &part)
        };
        let begin = bound(self, &gang);
        let next = self.bin("add", &gang, &Val::i64(1));
        let end = bound(self, &next);
        (begin, end)
    }

    /// Stores `lower + index * step` into the variable's slot. The value is one the source
    /// loop's variable takes, so for a signed variable narrower than 64 bits it fits: `nsw`
    /// lets LLVM see through the truncation and vectorise subscripts of `int` variables.
    fn set_loop_var(&mut self, level: &Level, slot: &Val, index: &Val) {
        let value = self.loop_var_value(level, index);
        self.store_mem(slot, &value);
    }

    fn loop_var_value(&mut self, level: &Level, index: &Val) -> Val {
        let exact = level.signed && level.width < 64;
        let scaled = self.bin(if exact { "mul nsw" } else { "mul" }, index, &level.step);
        let value = self.bin(if exact { "add nsw" } else { "add" }, &level.lower, &scaled);
        if level.width == 64 {
            return value;
        }
        let target = Ty::Int(level.width);
        let flags = if exact { " nsw" } else { "" };
        self.w.assign(
            target.clone(),
            format!("trunc{flags} {} to {target}", value.typed()),
        )
    }

    /// The flat iterations `[begin, end)` of the collapsed levels.
    fn loop_nest(
        &mut self,
        levels: &[Level],
        slots: &[Val],
        begin: &Val,
        end: &Val,
        vector: bool,
        body: &[Stmt],
    ) -> R<()> {
        let work = self.w.block("acc.loop");
        let done = self.w.block("acc.done");
        let has_work = self.icmp("ult", begin, end);
        self.w.cond_br(&has_work, work, done);
        self.w.position(work);
        let last = levels.len() - 1;
        if last == 0 {
            let count = self.bin("sub", end, begin);
            self.innermost(&levels[0], &slots[0], begin, &count, vector, body)?;
            self.w.br(done);
            self.w.position(done);
            return Ok(());
        }
        // Decompose `begin` into one index per level (innermost fastest).
        let index_slots: Vec<Val> = levels.iter().map(|_| self.w.alloca(&Ty::i64())).collect();
        let mut rest = begin.clone();
        for (level, slot) in levels.iter().zip(&index_slots).rev() {
            let index = self.bin("urem", &rest, &level.trips);
            self.store_mem(slot, &index);
            rest = self.bin("udiv", &rest, &level.trips);
        }
        let position = self.spill(begin);
        let head = self.w.block("collapse.head");
        let outer = self.w.block("collapse.body");
        self.w.br(head);
        self.w.position(head);
        let k = self.load_mem(&position, &Ty::i64());
        let more = self.icmp("ult", &k, end);
        self.w.cond_br(&more, outer, done);
        self.w.position(outer);
        for i in 0..last {
            let index = self.load_mem(&index_slots[i], &Ty::i64());
            self.set_loop_var(&levels[i], &slots[i], &index);
        }
        let start = self.load_mem(&index_slots[last], &Ty::i64());
        let in_level = self.bin("sub", &levels[last].trips, &start);
        let in_range = self.bin("sub", end, &k);
        let shorter = self.icmp("ult", &in_level, &in_range);
        let count = self.select(&shorter, &in_level, &in_range);
        self.innermost(&levels[last], &slots[last], &start, &count, vector, body)?;
        let k = self.load_mem(&position, &Ty::i64());
        let next = self.bin("add", &k, &count);
        self.store_mem(&position, &next);
        self.store_mem(&index_slots[last], &Val::i64(0));
        // Advance the outer levels like an odometer, without branches.
        let mut carry = Val::bool(true);
        for i in (0..last).rev() {
            let index = self.load_mem(&index_slots[i], &Ty::i64());
            let add = self.resize_int(carry.clone(), 64, false);
            let bumped = self.bin("add", &index, &add);
            let full = self.icmp("eq", &bumped, &levels[i].trips);
            let wraps = self.bin("and", &carry, &full);
            let stored = self.select(&wraps, &Val::i64(0), &bumped);
            self.store_mem(&index_slots[i], &stored);
            carry = wraps;
        }
        self.w.br(head);
        self.w.position(done);
        Ok(())
    }

    /// The innermost level: `count` iterations from index `start`, vectorisable when `vector`.
    fn innermost(
        &mut self,
        level: &Level,
        slot: &Val,
        start: &Val,
        count: &Val,
        vector: bool,
        body: &[Stmt],
    ) -> R<()> {
        let (loop_id, group) = if vector {
            let group = self.mw.metadata("distinct !{}");
            let enable = self
                .mw
                .metadata("!{!\"llvm.loop.vectorize.enable\", i1 true}");
            let parallel = self
                .mw
                .metadata(&format!("!{{!\"llvm.loop.parallel_accesses\", !{group}}}"));
            (
                Some(self.mw.self_referential(&[enable, parallel])),
                Some(group),
            )
        } else {
            (None, None)
        };
        let outer_group = self.access_group;
        // A signed variable narrower than 64 bits gets its own induction in its type, advanced
        // with `add nsw` as C's `i += step` is, so that LLVM widens subscripts like `a[i]`.
        let induction = if level.signed && level.width < 64 {
            let first = self.loop_var_value(level, start);
            Some(self.spill(&first))
        } else {
            None
        };
        let result = self.counted_loop(
            count,
            loop_id,
            &mut |cx, j| {
                match &induction {
                    Some(induction) => {
                        let value = cx.load_mem(induction, &Ty::Int(level.width));
                        cx.store_mem(slot, &value);
                    }
                    None => {
                        let index = cx.bin("add nuw nsw", start, j);
                        cx.set_loop_var(level, slot, &index);
                    }
                }
                if group.is_some() {
                    cx.access_group = group;
                }
                let result = cx.stmts(body);
                cx.access_group = outer_group;
                result
            },
            &mut |cx| {
                if let Some(induction) = &induction {
                    let value = cx.load_mem(induction, &Ty::Int(level.width));
                    let next = cx.bin("add nsw", &value, &level.narrow_step);
                    cx.store_mem(induction, &next);
                }
            },
        );
        self.access_group = outer_group;
        result
    }
}
