//! Reductions: the identity of each operator per scalar kind, the private partial result of a
//! scalar or an array section, and combining partials into the enclosing storage, plainly or
//! atomically (see [`super::atomic`]).
//!
//! **Direct array reductions (GPUs).** A GPU thread's partial array lives in its local memory,
//! at most [`MAX_DEVICE_PARTIAL_BYTES`]. A larger array reduction whose result goes to device
//! memory (the target is a kernel parameter's device copy, not a thread's or gang's private
//! storage) and whose every use in its scope — the kernel body for a compute-construct
//! reduction, the loop body for a loop reduction — is an update of one element with the
//! reduction's operator ([`acc_ir::updates::only_element_updates`]) keeps no partial: the
//! variable stays bound to the device copy and each such update is written as the element
//! type's atomic update of it ([`Cx::direct_update`], the lowering of `acc atomic update`:
//! `atomicrmw`, or a compare-and-swap loop for float `*`, or the lock for complex values).
//! The device copy starts from the original values (the runtime copies them in), so it ends
//! as the original combined with every contribution: the reduction's result (float sums in
//! an unspecified order, as with per-gang atomic combines). A worker or vector loop reducing
//! the same array inside such a reduction finds the device copy as its target and updates it
//! the same way. Boolean arrays are left out: their updates compute in `int` and convert back
//! (`(bool)(a + x)`), which is not the combine of a boolean partial (`a || (bool)x`). Smaller arrays keep their partials: few elements mean few addresses, which
//! atomic updates of every iteration would contend for, while a partial is combined with one
//! atomic per element and gang. Any other use keeps the partial.
//!
//! **Scratch partials (GPUs).** A larger array reduction that cannot update its target
//! directly keeps each thread's partial in the kernel's scratch buffer ([`Cx::scratch_slab`]:
//! the launch ABI in `device/mod.rs` has the layout and why), laid out like the array, so the
//! body uses it exactly as a local partial. After a worker or vector loop the block's threads
//! divide its elements and combine all the block's copies of each into the target
//! ([`Cx::combine_across_threads`]); a compute-construct partial is combined the same way at
//! the end of the kernel ([`Cx::end_reduction_spread`]). Device routines have no buffer: there
//! such a reduction is an error naming the use that rules out direct updates.

use acc_ir::body::{BinaryOp, Stmt};
use acc_ir::{
    ArraySize, AtomicKind, DataOp, Handle, ReductionOp, ScalarKind, Span, TypeInner, Variable,
};

use super::{Binding, Cx, R};
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::{self, Ty};

/// The largest private partial array of an array reduction in a GPU kernel, in bytes: each
/// thread keeps one in its local memory, which the driver reserves for every thread the device
/// can hold at once (2 KiB × 2048 threads × 132 SMs ≈ 550 MB on an H100).
pub(crate) const MAX_DEVICE_PARTIAL_BYTES: u64 = 2048;

/// A reduction in progress: where the partial lives and where it goes at the end.
#[derive(Clone, Debug)]
pub(crate) struct Partial {
    var: Handle<Variable>,
    op: ReductionOp,
    kind: ScalarKind,
    shape: Shape,
    /// What the code's `Variable(var)` refers to while the partial is live.
    pub binding: Binding,
    /// The enclosing storage the partial is combined into.
    pub target: Binding,
}

impl Partial {
    /// The operator and scalar kind of a scalar partial; `None` for an array section.
    pub(crate) fn scalar(&self) -> Option<(ReductionOp, ScalarKind)> {
        match self.shape {
            Shape::Scalar => Some((self.op, self.kind)),
            Shape::Array { .. } | Shape::Direct => None,
        }
    }

    /// Whether the partial lives in the kernel's scratch buffer.
    pub(crate) fn in_scratch(&self) -> bool {
        matches!(
            self.shape,
            Shape::Array {
                scratch: Some(_),
                ..
            }
        )
    }
}

/// Where a GPU array reduction keeps its partial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placement {
    /// In the thread's local memory (or, off GPUs, `malloc`ed).
    Local,
    /// Nowhere: updates go to the target atomically.
    Direct,
    /// In the kernel's scratch buffer; `private_target` when the target is the thread's own
    /// storage (a private copy or an enclosing partial) rather than memory the gangs share.
    Scratch { private_target: bool },
}

/// A partial array in the kernel's scratch buffer: thread `t` of the grid (gang-major:
/// `t = gang * block_threads + rank`) keeps its copy at `region + t * thread_bytes`.
#[derive(Clone, Debug)]
struct Slabs {
    /// `ptr`: this partial's region of the buffer.
    region: Val,
    /// `i64`: the grid index of the block's first thread.
    block_first: Val,
    /// The bytes of one thread's copy (a multiple of 16).
    thread_bytes: u64,
    private_target: bool,
}

/// A live direct array reduction: updates of `var`'s elements with `op` are atomic updates
/// while `var` is bound to `ptr` (a rebinding, a private copy inside, is updated plainly).
#[derive(Clone, Debug)]
pub(crate) struct DirectUpdate {
    var: Handle<Variable>,
    op: ReductionOp,
    ptr: String,
}

#[derive(Clone, Debug)]
enum Shape {
    /// `binding.ptr` is the partial.
    Scalar,
    /// Partial elements at `elements` (from `malloc`), laid out like the original array;
    /// `section` gives (first index, count) per dimension, outermost first, and `dims` the
    /// dimensions' sizes. For a pointer the original's elements are at the pointer's value.
    Array {
        elements: Val,
        dims: Vec<u64>,
        section: Vec<(u64, u64)>,
        through_pointer: bool,
        /// Set when `elements` is this thread's copy in the kernel's scratch buffer.
        scratch: Option<Box<Slabs>>,
    },
    /// No partial: the variable stays bound to its shared target, and each element update is
    /// atomic (GPU array reductions, see the module documentation).
    Direct,
}

impl<'a> Cx<'a> {
    /// Records a scalar floating-point `+` or `*` partial as one whose updates may be
    /// reassociated while its loop (whose body is `scope`) is written ([`Cx::reassociable`]);
    /// and a `float`/`double` `max` or `min` partial that `scope` only ever updates as a maximum
    /// or minimum, whose updates [`Cx::extremum_partial_update`] writes so that LLVM
    /// vectorises them.
    pub(crate) fn note_reassociable(&mut self, partial: &Partial, scope: &[Stmt]) {
        let op = match (partial.scalar(), partial.op) {
            (Some((_, ScalarKind::Float { .. })), ReductionOp::Add) => BinaryOp::Add,
            (Some((_, ScalarKind::Float { .. })), ReductionOp::Mul) => BinaryOp::Mul,
            (
                Some((_, ScalarKind::Float { width: 32 | 64 })),
                ReductionOp::Max | ReductionOp::Min,
            ) if acc_ir::scalar_updates::scalar_reductions(
                self.body,
                &self.module.types,
                &[],
                scope,
            )
            .contains(&(partial.var, partial.op)) =>
            {
                if partial.op == ReductionOp::Max {
                    BinaryOp::Max
                } else {
                    BinaryOp::Min
                }
            }
            _ => return,
        };
        self.reassociable.push((partial.binding.ptr.clone(), op));
    }

    /// Writes an update `v = fmax(v, x)` (or C's `v = v > x ? v : x`, `if (x > v) v = x;`,
    /// Fortran's `v = max(v, x)`, and the minimums) of a `max`/`min` partial noted by
    /// [`Cx::note_reassociable`] as `v = maxnum nnan nsz (v, maxnum(x, identity))`, and says
    /// whether it did.
    ///
    /// LLVM 19 vectorises a `maxnum` reduction only when it may assume no NaN operands (a
    /// scalar `maxnum` chain runs at a third of a sum's speed). The promise holds: the partial
    /// starts at the identity, every store to it in the loop is such an update, and a NaN `x`
    /// becomes the identity first (`maxnum`'s own rule), so the update skips it as `fmax`
    /// does. `nsz` lets either zero win between `-0.0` and `+0.0`, an order a reduction leaves
    /// unspecified anyway.
    pub(crate) fn extremum_partial_update(&mut self, stmt: &Stmt) -> R<bool> {
        let extremum = |op: &BinaryOp| matches!(op, BinaryOp::Max | BinaryOp::Min);
        if !self.reassociable.iter().any(|(_, op)| extremum(op)) {
            return Ok(false);
        }
        let Some((var, op, operand)) =
            acc_ir::scalar_updates::extremum_update(self.body, &self.module.types, stmt)
        else {
            return Ok(false);
        };
        let max = op == ReductionOp::Max;
        let with = if max { BinaryOp::Max } else { BinaryOp::Min };
        let Some(ptr) = self.bindings.get(&var).map(|b| b.ptr.clone()) else {
            return Ok(false);
        };
        if !self
            .reassociable
            .iter()
            .any(|(p, op)| *op == with && p.repr == ptr.repr)
        {
            return Ok(false);
        }
        let span = self.expr_span(operand);
        let var_ty = self.module.variables[var].ty;
        let kind = self.scalar_of(var_ty, span, "a reduction variable")?;
        let from = self.expr_ty(operand)?;
        let x = self.value(operand)?;
        let x = self.convert(x, from, var_ty, span)?;
        // `maxnum(x, -inf)` is `x`, or `-inf` for a NaN: one `maxpd` on x86, whose NaN rule
        // (the second operand wins) LLVM uses when that operand is never a NaN.
        let identity = self.identity(kind, op, span)?;
        let x = self.float_min_max(max, &x, &identity, span)?;
        let current = self.load_scalar(&ptr, kind, span)?;
        let updated = self.float_min_max_flagged(max, "nnan nsz", &current, &x, span)?;
        self.store_scalar(&ptr, &updated, kind, span)?;
        Ok(true)
    }

    /// Makes the partial of `var` for `op`, initialised to the identity. `uses` is the
    /// reduction's scope (the kernel's or the loop's body): on a GPU, a large array reduction
    /// whose uses there are all element updates updates `target` directly instead.
    pub(crate) fn begin_reduction(
        &mut self,
        var: Handle<Variable>,
        op: ReductionOp,
        data_op: Option<Handle<DataOp>>,
        target: Binding,
        uses: &[Stmt],
        span: Span,
    ) -> R<Partial> {
        let variable = &self.module.variables[var];
        let data_op = data_op.and_then(|h| self.module.data_ops.get(h));
        if data_op.is_some_and(|d| !d.path.is_empty()) {
            return Err(
                self.unsupported(span, "reductions on members or elements are not supported")
            );
        }
        let bounds: Vec<(u64, u64)> = match data_op {
            Some(data_op) => data_op
                .bounds
                .iter()
                .map(|&b| self.constant_bounds(b, span))
                .collect::<R<_>>()?,
            None => Vec::new(),
        };
        match self.inner(variable.ty)? {
            TypeInner::Scalar(kind) => {
                let kind = *kind;
                let identity = self.identity(kind, op, span)?;
                let mem = self.mem_ty(variable.ty, span)?;
                let slot = self.w.alloca(&mem);
                self.store_scalar(&slot, &identity, kind, span)?;
                Ok(Partial {
                    var,
                    op,
                    kind,
                    shape: Shape::Scalar,
                    binding: Binding {
                        ptr: slot,
                        shared: false,
                    },
                    target,
                })
            }
            TypeInner::Array { .. } => {
                let mut dims = Vec::new();
                let mut current = variable.ty;
                while let TypeInner::Array { element, size, .. } = self.inner(current)? {
                    match size {
                        ArraySize::Constant(n) => dims.push(*n),
                        _ => {
                            return Err(self.unsupported(
                                span,
                                "reductions on arrays without a constant size are not supported",
                            ))
                        }
                    }
                    current = *element;
                }
                let section = if bounds.is_empty() {
                    dims.iter().map(|&n| (0, n)).collect()
                } else if bounds.len() == dims.len() {
                    bounds.iter().rev().copied().collect::<Vec<_>>()
                } else {
                    return Err(self.unsupported(
                        span,
                        "the reduction section must subscript every dimension",
                    ));
                };
                if section
                    .iter()
                    .zip(&dims)
                    .any(|(&(first, count), &n)| first.saturating_add(count) > n)
                {
                    return Err(
                        self.unsupported(span, "the reduction section is outside the array")
                    );
                }
                let kind = self.scalar_of(current, span, "a reduction array element")?;
                let total = dims.iter().try_fold(1u64, |acc, &n| acc.checked_mul(n));
                let total = total
                    .ok_or_else(|| self.unsupported(span, "the reduction array is too large"))?;
                let placement = self.placement(var, op, kind, total, &target, uses, false, span)?;
                if placement == Placement::Direct {
                    return Ok(self.direct(var, op, kind, target));
                }
                let (elements, scratch) =
                    self.partial_elements(kind, op, total, placement, span)?;
                Ok(Partial {
                    var,
                    op,
                    kind,
                    shape: Shape::Array {
                        elements: elements.clone(),
                        dims,
                        section,
                        through_pointer: false,
                        scratch,
                    },
                    binding: Binding {
                        ptr: elements,
                        shared: false,
                    },
                    target,
                })
            }
            TypeInner::Pointer { pointee } => {
                let kind = self.scalar_of(*pointee, span, "a reduction element")?;
                let [(first, count)] = bounds[..] else {
                    return Err(
                        self.unsupported(span, "a reduction through a pointer needs one section")
                    );
                };
                let total = first.saturating_add(count);
                let placement = self.placement(var, op, kind, total, &target, uses, true, span)?;
                if placement == Placement::Direct {
                    return Ok(self.direct(var, op, kind, target));
                }
                let (elements, scratch) =
                    self.partial_elements(kind, op, total, placement, span)?;
                let slot = self.spill(&elements);
                if self.device.is_some() {
                    // Its slot holds the address of the thread's own partial (local memory or
                    // its scratch copy) until `end_reduction`.
                    self.pointer_partials.push(var);
                }
                Ok(Partial {
                    var,
                    op,
                    kind,
                    shape: Shape::Array {
                        elements,
                        dims: vec![total],
                        section: vec![(first, count)],
                        through_pointer: true,
                        scratch,
                    },
                    binding: Binding {
                        ptr: slot,
                        shared: false,
                    },
                    target,
                })
            }
            _ => Err(self.unsupported(
                span,
                format!(
                    "reductions on values of type '{}' are not supported",
                    self.module.types.display(variable.ty)
                ),
            )),
        }
    }

    /// GPU: where the array reduction of `var` (`total` elements of `kind`) keeps its partial.
    /// Arrays of at most [`MAX_DEVICE_PARTIAL_BYTES`] keep it in local memory; a larger one
    /// updates its target directly when it can (see the module documentation), and otherwise
    /// keeps it in the kernel's scratch buffer. Without one (in a device routine) that is an
    /// error naming the reason (the kernel then runs on the host).
    #[allow(clippy::too_many_arguments)]
    fn placement(
        &mut self,
        var: Handle<Variable>,
        op: ReductionOp,
        kind: ScalarKind,
        total: u64,
        target: &Binding,
        uses: &[Stmt],
        through_pointer: bool,
        span: Span,
    ) -> R<Placement> {
        let Some(device) = &self.device else {
            return Ok(Placement::Local);
        };
        let has_scratch = device.scratch.is_some();
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let bytes = total.saturating_mul(mem.size());
        if bytes <= MAX_DEVICE_PARTIAL_BYTES {
            return Ok(Placement::Local);
        }
        let name = self.module.variables[var].name.clone();
        let too_large = format!(
            "a reduction array of {bytes} bytes in a GPU routine (each thread keeps a private \
             copy of at most {MAX_DEVICE_PARTIAL_BYTES} bytes"
        );
        // Through a pointer, the elements are where its value points: device memory, unless
        // the pointer is an enclosing reduction's partial (the thread's own copy).
        let private_target = if through_pointer {
            self.pointer_partials.contains(&var)
        } else {
            !target.shared || self.w.is_alloca_derived(&target.ptr.repr)
        };
        if private_target {
            if has_scratch {
                return Ok(Placement::Scratch {
                    private_target: true,
                });
            }
            return Err(self.unsupported(
                span,
                format!(
                    "{too_large}; '{name}' reduces into a private copy, which its elements \
                     cannot be updated in atomically)"
                ),
            ));
        }
        let in_scratch = Placement::Scratch {
            private_target: false,
        };
        if let ScalarKind::Bool { .. } = kind {
            // An update computes in `int` and converts back (`(bool)(a + x)`), which is not
            // the reduction's combine of a boolean partial (`a || (bool)x`).
            if has_scratch {
                return Ok(in_scratch);
            }
            return Err(self.unsupported(
                span,
                format!(
                    "{too_large}; '{name}' holds booleans, whose updates, computed in \
                     'int', are not the reduction's combine)"
                ),
            ));
        }
        if let Err(use_of) = acc_ir::updates::only_element_updates(self.body, uses, var, op) {
            if has_scratch {
                return Ok(in_scratch);
            }
            let at = self.expr_span(use_of);
            let place = if at.is_known() {
                format!(" at line {}, column {}", at.line, at.col)
            } else {
                String::new()
            };
            return Err(self.unsupported(
                span,
                format!(
                    "{too_large}, and the device copy can be updated atomically instead only \
                     when every use of '{name}' updates one element with the reduction's \
                     operator '{}': the use{place} does not)",
                    op.mlir_name()
                ),
            ));
        }
        Ok(Placement::Direct)
    }

    /// A direct reduction of `var` into `target` (see [`Cx::placement`]).
    fn direct(
        &mut self,
        var: Handle<Variable>,
        op: ReductionOp,
        kind: ScalarKind,
        target: Binding,
    ) -> Partial {
        self.direct_updates.push(DirectUpdate {
            var,
            op,
            ptr: target.ptr.repr.clone(),
        });
        Partial {
            var,
            op,
            kind,
            shape: Shape::Direct,
            binding: target.clone(),
            target,
        }
    }

    /// Writes `stmt` as an atomic update when it updates an element of a live direct reduction
    /// ([`Cx::placement`]) with its operator while the variable is still bound to the
    /// shared copy; returns whether it did.
    pub(crate) fn direct_update(&mut self, stmt: &Stmt) -> R<bool> {
        if self.direct_updates.is_empty() {
            return Ok(false);
        }
        let Some(update) = acc_ir::updates::element_update(self.body, stmt) else {
            return Ok(false);
        };
        let live = self.direct_updates.iter().any(|direct| {
            direct.var == update.var
                && acc_ir::updates::updates_with(direct.op, update.op)
                && self
                    .bindings
                    .get(&update.var)
                    .is_some_and(|binding| binding.ptr.repr == direct.ptr)
        });
        if !live {
            return Ok(false);
        }
        self.atomic(
            AtomicKind::Update,
            update.address,
            Some(update.op),
            Some(update.operand),
            (None, false),
            false,
        )?;
        Ok(true)
    }

    /// A section dimension's (first index, count), which must be constants.
    fn constant_bounds(&self, bounds: Handle<acc_ir::Bounds>, span: Span) -> R<(u64, u64)> {
        let stride = self
            .module
            .bounds
            .get(bounds)
            .and_then(|b| self.module.exprs.get(b.stride))
            .and_then(|e| e.value);
        match (self.constant_section(bounds)?, stride) {
            (Some((first, count)), Some(1)) if first >= 0 => Ok((first as u64, count as u64)),
            _ => Err(self.unsupported(
                span,
                "array reductions need constant section bounds and a unit stride",
            )),
        }
    }

    /// Makes `total` partial elements, each the identity: `malloc`ed off GPUs; on a GPU in
    /// the thread's local memory, or for [`Placement::Scratch`] its copy in the kernel's
    /// scratch buffer (with where the block's copies are).
    fn partial_elements(
        &mut self,
        kind: ScalarKind,
        op: ReductionOp,
        total: u64,
        placement: Placement,
        span: Span,
    ) -> R<(Val, Option<Box<Slabs>>)> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let bytes = total
            .checked_mul(mem.size())
            .filter(|&b| b <= i64::MAX as u64)
            .ok_or_else(|| self.unsupported(span, "the reduction array is too large"))?;
        let mut slabs = None;
        let elements = if let Placement::Scratch { private_target } = placement {
            let (own, found) = self.scratch_slab(bytes, private_target, span)?;
            slabs = Some(Box::new(found));
            own
        } else if self.device.is_some() {
            // GPU: the thread's partial array lives in its local memory (an alloca); larger
            // ones were placed elsewhere by `placement`.
            if bytes > MAX_DEVICE_PARTIAL_BYTES {
                return Err(self.internal(format!("a GPU partial array of {bytes} bytes")));
            }
            self.w
                .alloca(&Ty::Array(total.max(1), Box::new(mem.clone())))
        } else {
            self.mw
                .declare_plain("malloc", &Ty::Ptr, &[Ty::i64()])
                .map_err(|m| self.unsupported(span, m))?;
            let elements = self.w.assign(
                Ty::Ptr,
                format!("call ptr {}(i64 {})", global_name("malloc"), bytes.max(1)),
            );
            // Every lane of a vector loop updates the gang's one copy.
            self.w.mark_lane_shared(&elements.repr);
            elements
        };
        let identity = self.identity(kind, op, span)?;
        self.counted_loop(
            &Val::i64(total as i64),
            None,
            &mut |cx, index| {
                let address = cx.w.assign(
                    Ty::Ptr,
                    format!(
                        "getelementptr inbounds {mem}, ptr {}, {}",
                        elements.repr,
                        index.typed()
                    ),
                );
                // A GPU partial is the thread's own (an alloca, or its scratch copy, which
                // counts as one): a private store, not a shared one.
                cx.w.derive(&elements.repr, &address.repr);
                cx.store_scalar(&address, &identity, kind, span)
            },
            &mut |_| {},
        )?;
        Ok((elements, slabs))
    }

    /// Reserves `bytes` per thread of the kernel's scratch buffer for a partial array; returns
    /// this thread's copy and where the block's copies are. The buffer holds the partial's
    /// region, one copy per thread of the grid in grid order (`region + t * thread_bytes`,
    /// `t = gang * block_threads + rank`), after the regions of the partials made before it
    /// (each `bytes_before * threads` long), so the kernel needs only the running total per
    /// thread, and the runtime `bytes per thread × threads of the launch`.
    fn scratch_slab(&mut self, bytes: u64, private_target: bool, span: Span) -> R<(Val, Slabs)> {
        let thread_bytes = bytes.max(1).next_multiple_of(16);
        let current = self
            .device
            .as_ref()
            .and_then(|d| d.scratch.as_ref())
            .map(|s| (s.bytes, s.base.clone()));
        let Some((before, base)) = current else {
            return Err(self.internal("a scratch partial outside a kernel"));
        };
        let after = before
            .checked_add(thread_bytes)
            .filter(|&b| b <= i64::MAX as u64)
            .ok_or_else(|| self.unsupported(span, "the reduction arrays are too large"))?;
        if let Some(scratch) = self.device.as_mut().and_then(|d| d.scratch.as_mut()) {
            scratch.bytes = after;
        }
        let register = |cx: &mut Self, name: &str| cx.special_register(name);
        let [tid_x, tid_y, ntid_x, ntid_y] = [
            register(self, "tid.x")?,
            register(self, "tid.y")?,
            register(self, "ntid.x")?,
            register(self, "ntid.y")?,
        ];
        let [grid_x, grid_y, grid_z] = [
            register(self, "nctaid.x")?,
            register(self, "nctaid.y")?,
            register(self, "nctaid.z")?,
        ];
        let [gang_x, gang_y, gang_z] = [
            register(self, "ctaid.x")?,
            register(self, "ctaid.y")?,
            register(self, "ctaid.z")?,
        ];
        let block_threads = self.bin("mul", &ntid_x, &ntid_y);
        let plane = self.bin("mul", &grid_x, &grid_y);
        let gangs = self.bin("mul", &plane, &grid_z);
        let threads = self.bin("mul", &gangs, &block_threads);
        let row = self.bin("mul", &grid_y, &gang_z);
        let row = self.bin("add", &row, &gang_y);
        let gang = self.bin("mul", &grid_x, &row);
        let gang = self.bin("add", &gang, &gang_x);
        let block_first = self.bin("mul", &gang, &block_threads);
        let rank = self.bin("mul", &tid_y, &ntid_x);
        let rank = self.bin("add", &rank, &tid_x);
        let region_offset = self.bin("mul", &threads, &Val::i64(before as i64));
        let region = self.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds i8, ptr {}, {}",
                base.repr,
                region_offset.typed()
            ),
        );
        let slabs = Slabs {
            region,
            block_first,
            thread_bytes,
            private_target,
        };
        let own = self.slab_of(&slabs, &rank);
        // The copy is this thread's alone, like an alloca of the code where the partial is
        // made: an alloca (which LLVM removes, as nothing uses it) gives it that place in the
        // order the thread-pool checks (`Cx::note_write`) use, so that a write to it from a
        // worker or vector loop of a partial made outside is still seen as one.
        let place = self.w.alloca(&Ty::i8());
        self.w.derive(&place.repr, &own.repr);
        Ok((own, slabs))
    }

    /// The copy of the block's thread `rank` (`i64`) in `slabs`.
    fn slab_of(&mut self, slabs: &Slabs, rank: &Val) -> Val {
        let thread = self.bin("add", &slabs.block_first, rank);
        let offset = self.bin("mul", &thread, &Val::i64(slabs.thread_bytes as i64));
        self.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds i8, ptr {}, {}",
                slabs.region.repr,
                offset.typed()
            ),
        )
    }

    /// GPU: makes every thread's partial the combination of the partials of all threads of the
    /// block, or, for a partial in the scratch buffer, combines the block's partials into the
    /// target (`atomic`: with atomic operations); returns whether it did the latter, when the
    /// partial needs no [`Cx::end_reduction`], only [`Cx::release_reduction`].
    ///
    /// Each thread stores its partial in its slot of the shared buffer; after a barrier
    /// every thread combines the slots in rank order (the same value on every thread, the same
    /// order on every run), and a second barrier frees the buffer for the next reduction. An
    /// array partial in local memory goes through the buffer one element of its section at a
    /// time (every thread runs the same constant number of rounds, so the barriers match).
    ///
    /// A scratch partial (the caller's barrier has ordered every thread's writes of its copy
    /// before this) needs no rounds: the threads divide its section's elements cyclically
    /// (thread `r` takes `r, r + V·W, ...`), and each combines the copies of every thread of
    /// the block, in rank order, for its elements. Into shared storage it combines each sum
    /// (atomically across gangs); into a private target (every thread's own) it writes the sums
    /// to rank 0's copy and, after a barrier, every thread combines that copy into its target.
    /// A last barrier keeps the copies until every thread has read them.
    pub(crate) fn combine_across_threads(
        &mut self,
        partial: &Partial,
        pool: &super::threads::Pool,
        atomic: bool,
        span: Span,
    ) -> R<bool> {
        let (op, kind) = (partial.op, partial.kind);
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        if mem.size() > 16 {
            return Err(self.unsupported(
                span,
                format!(
                    "reductions on {} values are not supported in GPU kernels",
                    kind.mlir_name()
                ),
            ));
        }
        match &partial.shape {
            Shape::Scalar => {
                self.combine_slot_across_threads(&partial.binding.ptr, op, kind, pool, span)?
            }
            Shape::Array {
                dims,
                section,
                scratch: Some(slabs),
                ..
            } => {
                let target = self.target_elements(partial);
                if slabs.private_target {
                    // Every thread's own target: through a pointer, the enclosing partial.
                    if !self.w.is_alloca_derived(&target.repr) {
                        self.w.mark_private(&target.repr);
                    }
                    let first = self.slab_of(slabs, &Val::i64(0));
                    self.spread_section(dims, section, pool, &mut |cx, offset| {
                        let sum = cx.fold_block(slabs, pool, offset, kind, op, span)?;
                        let to = cx.element(&first, offset, &mem);
                        cx.store_scalar(&to, &sum, kind, span)
                    })?;
                    self.barrier()?;
                    self.section_loop(dims, section, &mut |cx, offset| {
                        let from = cx.element(&first, offset, &mem);
                        let value = cx.load_scalar(&from, kind, span)?;
                        let to = cx.element(&target, offset, &mem);
                        cx.w.derive(&target.repr, &to.repr);
                        cx.combine_into(&to, &value, kind, op, false, span)
                    })?;
                } else {
                    self.spread_section(dims, section, pool, &mut |cx, offset| {
                        let sum = cx.fold_block(slabs, pool, offset, kind, op, span)?;
                        let to = cx.element(&target, offset, &mem);
                        cx.combine_into(&to, &sum, kind, op, atomic, span)
                    })?;
                }
                self.barrier()?;
                return Ok(true);
            }
            Shape::Array {
                elements,
                dims,
                section,
                scratch: None,
                ..
            } => self.section_loop(dims, section, &mut |cx, offset| {
                let element = cx.element(elements, offset, &mem);
                cx.w.derive(&elements.repr, &element.repr);
                cx.combine_slot_across_threads(&element, op, kind, pool, span)
            })?,
            // The threads updated the shared copy themselves.
            Shape::Direct => {}
        }
        Ok(false)
    }

    /// GPU, at the end of a kernel: combines a scratch partial (the same on every thread of
    /// the block) into its target in device memory atomically, its elements divided among the
    /// block's threads as in [`Cx::combine_across_threads`].
    pub(crate) fn end_reduction_spread(
        &mut self,
        partial: &Partial,
        pool: &super::threads::Pool,
        span: Span,
    ) -> R<()> {
        let Shape::Array {
            elements,
            dims,
            section,
            ..
        } = &partial.shape
        else {
            return Err(self.internal("a spread combine of a partial that is not an array"));
        };
        let (op, kind) = (partial.op, partial.kind);
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let target = self.target_elements(partial);
        self.spread_section(dims, section, pool, &mut |cx, offset| {
            let from = cx.element(elements, offset, &mem);
            let value = cx.load_scalar(&from, kind, span)?;
            let to = cx.element(&target, offset, &mem);
            cx.combine_into(&to, &value, kind, op, true, span)
        })?;
        self.release_reduction(partial);
        Ok(())
    }

    /// The address of element `offset` (`i64`) of an array of `mem` at `base`.
    fn element(&mut self, base: &Val, offset: &Val, mem: &Ty) -> Val {
        self.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds {mem}, ptr {}, {}",
                base.repr,
                offset.typed()
            ),
        )
    }

    /// Where an array partial's target elements are: the target variable's storage, or for a
    /// reduction through a pointer, the pointer's value.
    fn target_elements(&mut self, partial: &Partial) -> Val {
        match &partial.shape {
            Shape::Array {
                through_pointer: true,
                ..
            } => self.load_mem(&partial.target.ptr, &Ty::Ptr),
            _ => partial.target.ptr.clone(),
        }
    }

    /// The combination, in rank order, of element `offset` of the copies of every thread of the
    /// block in `slabs`.
    fn fold_block(
        &mut self,
        slabs: &Slabs,
        pool: &super::threads::Pool,
        offset: &Val,
        kind: ScalarKind,
        op: ReductionOp,
        span: Span,
    ) -> R<Val> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let sum = self.w.alloca(&mem);
        let identity = self.identity(kind, op, span)?;
        self.store_scalar(&sum, &identity, kind, span)?;
        self.counted_loop(
            &pool.count,
            None,
            &mut |cx, rank| {
                let copy = cx.slab_of(slabs, rank);
                let element = cx.element(&copy, offset, &mem);
                let theirs = cx.load_scalar(&element, kind, span)?;
                let so_far = cx.load_scalar(&sum, kind, span)?;
                let combined = cx.combine(&so_far, &theirs, kind, op, span)?;
                cx.store_scalar(&sum, &combined, kind, span)
            },
            &mut |_| {},
        )?;
        self.load_scalar(&sum, kind, span)
    }

    /// Runs `body` with the element offset of the section elements this thread of the pool
    /// takes: flat indices `rank, rank + count, ...` (row-major, as [`Cx::section_loop`]). The
    /// code is written as a worker-vector loop's (each thread writes its own elements).
    fn spread_section(
        &mut self,
        dims: &[u64],
        section: &[(u64, u64)],
        pool: &super::threads::Pool,
        body: &mut dyn FnMut(&mut Self, &Val) -> R<()>,
    ) -> R<()> {
        let total: u64 = section.iter().map(|&(_, n)| n).product();
        let first_alloca = self.w.alloca_count();
        let saved = self
            .device
            .as_mut()
            .map(|d| d.spread_from.replace(first_alloca));
        // ceil((total - rank) / count), never negative since rank < count.
        let span_end = self.bin("add", &Val::i64(total as i64), &pool.count);
        let span_end = self.bin("sub", &span_end, &Val::i64(1));
        let span_end = self.bin("sub", &span_end, &pool.rank);
        let rounds = self.bin("udiv", &span_end, &pool.count);
        let result = self.counted_loop(
            &rounds,
            None,
            &mut |cx, round| {
                let step = cx.bin("mul", round, &pool.count);
                let flat = cx.bin("add", &step, &pool.rank);
                let offset = cx.section_offset(dims, section, &flat);
                body(cx, &offset)
            },
            &mut |_| {},
        );
        if let (Some(device), Some(saved)) = (self.device.as_mut(), saved) {
            device.spread_from = saved;
        }
        result
    }

    /// [`Cx::combine_across_threads`] of one scalar partial at `accumulator` (thread-private).
    fn combine_slot_across_threads(
        &mut self,
        accumulator: &Val,
        op: ReductionOp,
        kind: ScalarKind,
        pool: &super::threads::Pool,
        span: Span,
    ) -> R<()> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let buffer = self.shared_buffer();
        let slot_of = |cx: &mut Self, index: &Val| {
            cx.w.assign(
                Ty::Ptr,
                format!(
                    "getelementptr inbounds [16 x i8], ptr {}, {}",
                    buffer.repr,
                    index.typed()
                ),
            )
        };
        let mine = slot_of(self, &pool.rank);
        let value = self.load_mem(accumulator, &mem);
        // A store to this thread's own slot: not a side effect of the redundant code.
        self.w.line(format!(
            "store {}, ptr {}, align {}",
            value.typed(),
            mine.repr,
            mem.align()
        ));
        self.barrier()?;
        // A tree over the slots: at step k (stride s = 2^k, while s < count) thread r with
        // r % 2s == 0 and r + s < count combines slot r + s into its own, then a barrier (the
        // steps depend on the block's thread count only, so every thread takes them all).
        // Slot 0 ends with the block's combination, in the same order on every run; at most
        // 10 steps for the largest block (1024 threads), where a scan by every thread of
        // every slot took one load per thread of the block.
        let steps = Val::i64(BLOCK_TREE_STEPS);
        self.counted_loop(
            &steps,
            None,
            &mut |cx, k| {
                let stride = cx.bin("shl", &Val::i64(1), k);
                let active = cx.icmp("ult", &stride, &pool.count);
                let step = cx.w.block("tree.step");
                let done = cx.w.block("tree.done");
                cx.w.cond_br(&active, step, done);
                cx.w.position(step);
                let pair = cx.bin("shl", &stride, &Val::i64(1));
                let mask = cx.bin("sub", &pair, &Val::i64(1));
                let low = cx.bin("and", &pool.rank, &mask);
                let leads = cx.icmp("eq", &low, &Val::i64(0));
                let partner = cx.bin("add", &pool.rank, &stride);
                let inside = cx.icmp("ult", &partner, &pool.count);
                let both =
                    cx.w.assign(Ty::I1, format!("and i1 {}, {}", leads.repr, inside.repr));
                let combine = cx.w.block("tree.combine");
                let after = cx.w.block("tree.after");
                cx.w.cond_br(&both, combine, after);
                cx.w.position(combine);
                let theirs_slot = slot_of(cx, &partner);
                let theirs = cx.load_scalar(&theirs_slot, kind, span)?;
                let ours = cx.load_scalar(&mine, kind, span)?;
                let combined = cx.combine(&ours, &theirs, kind, op, span)?;
                // (The thread's own slot, as above.)
                let raw = cx.reg_to_mem(&combined, &mem);
                cx.plain_store(&mine, &raw);
                cx.w.br(after);
                cx.w.position(after);
                cx.barrier()?;
                cx.w.br(done);
                cx.w.position(done);
                Ok(())
            },
            &mut |_| {},
        )?;
        let first = slot_of(self, &Val::i64(0));
        let total = self.load_scalar(&first, kind, span)?;
        self.store_scalar(accumulator, &total, kind, span)?;
        self.barrier()
    }

    /// Combines the partial into its target and releases it.
    pub(crate) fn end_reduction(&mut self, partial: &Partial, atomic: bool, span: Span) -> R<()> {
        let (op, kind) = (partial.op, partial.kind);
        match &partial.shape {
            Shape::Direct => {
                // Every contribution is in the target already.
                let ptr = &partial.target.ptr.repr;
                if let Some(at) = self
                    .direct_updates
                    .iter()
                    .rposition(|d| d.ptr == *ptr && d.op == op)
                {
                    self.direct_updates.remove(at);
                }
                Ok(())
            }
            Shape::Scalar => {
                let value = self.load_scalar(&partial.binding.ptr, kind, span)?;
                self.combine_into(&partial.target.ptr, &value, kind, op, atomic, span)
            }
            Shape::Array {
                elements,
                dims,
                section,
                ..
            } => {
                let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
                let original = self.target_elements(partial);
                self.section_loop(dims, section, &mut |cx, offset| {
                    let from = cx.element(elements, offset, &mem);
                    cx.w.derive(&elements.repr, &from.repr);
                    let to = cx.element(&original, offset, &mem);
                    // (A thread's own target, private storage of the redundant code, stays
                    // the thread's: every thread combines into its copy.)
                    cx.w.derive(&original.repr, &to.repr);
                    let value = cx.load_scalar(&from, kind, span)?;
                    cx.combine_into(&to, &value, kind, op, atomic, span)
                })?;
                if self.device.is_some() {
                    // A GPU partial is an alloca or in the scratch buffer.
                    self.release_reduction(partial);
                    return Ok(());
                }
                self.mw
                    .declare_plain("free", &Ty::Void, &[Ty::Ptr])
                    .map_err(|m| self.unsupported(span, m))?;
                self.w.line(format!(
                    "call void {}(ptr {})",
                    global_name("free"),
                    elements.repr
                ));
                Ok(())
            }
        }
    }

    /// Forgets a GPU array partial once combined (see [`Cx::combine_across_threads`]): its
    /// variable's pointer slot no longer holds the address of a thread's own copy.
    pub(crate) fn release_reduction(&mut self, partial: &Partial) {
        if let Shape::Array {
            through_pointer: true,
            ..
        } = partial.shape
        {
            if let Some(at) = self
                .pointer_partials
                .iter()
                .rposition(|&v| v == partial.var)
            {
                self.pointer_partials.remove(at);
            }
        }
    }

    /// Runs `body` with the element offset (`i64`, in elements from the array's start) of
    /// every element of a section, in row-major order ([`Cx::section_offset`]).
    fn section_loop(
        &mut self,
        dims: &[u64],
        section: &[(u64, u64)],
        body: &mut dyn FnMut(&mut Self, &Val) -> R<()>,
    ) -> R<()> {
        let count: u64 = section.iter().map(|&(_, n)| n).product();
        self.counted_loop(
            &Val::i64(count as i64),
            None,
            &mut |cx, flat| {
                let offset = cx.section_offset(dims, section, flat);
                body(cx, &offset)
            },
            &mut |_| {},
        )
    }

    /// The element offset of flat index `flat` (row-major) of a section:
    /// offset = Σ (first_d + i_d) · stride_d.
    fn section_offset(&mut self, dims: &[u64], section: &[(u64, u64)], flat: &Val) -> Val {
        let mut rest = flat.clone();
        let mut offset = Val::i64(0);
        let mut stride = 1u64;
        for (&(first, n), &size) in section.iter().zip(dims).rev() {
            let i = self.bin("urem", &rest, &Val::i64(n.max(1) as i64));
            rest = self.bin("udiv", &rest, &Val::i64(n.max(1) as i64));
            let index = self.bin("add", &i, &Val::i64(first as i64));
            let scaled = self.bin("mul", &index, &Val::i64(stride as i64));
            offset = self.bin("add", &offset, &scaled);
            stride = stride.saturating_mul(size);
        }
        offset
    }

    /// `*ptr = *ptr op value`, atomically when other threads may touch `*ptr`.
    pub(crate) fn combine_into(
        &mut self,
        ptr: &Val,
        value: &Val,
        kind: ScalarKind,
        op: ReductionOp,
        atomic: bool,
        span: Span,
    ) -> R<()> {
        if !atomic {
            let old = self.load_scalar(ptr, kind, span)?;
            let new = self.combine(&old, value, kind, op, span)?;
            return self.store_scalar(ptr, &new, kind, span);
        }
        if let (Some(_), ScalarKind::Complex { width }, ReductionOp::Add) = (self.gpu(), kind, op) {
            // Complex addition is addition of the parts: two independent atomic float adds.
            let part = ty::float_ty(width).map_err(|m| self.unsupported(span, m))?;
            let pair = Ty::Struct(vec![part.clone(), part.clone()]);
            self.note_effect("an atomic update");
            for index in 0..2 {
                let address = self.w.assign(
                    Ty::Ptr,
                    format!(
                        "getelementptr inbounds {pair}, ptr {}, i32 0, i32 {index}",
                        ptr.repr
                    ),
                );
                let addend = self.complex_part(value, index);
                self.w.assign(
                    part.clone(),
                    format!(
                        "atomicrmw fadd ptr {}, {} monotonic, align {}",
                        address.repr,
                        addend.typed(),
                        part.align()
                    ),
                );
            }
            return Ok(());
        }
        let rmw = reduction_rmw(kind, op);
        self.atomic_modify(
            ptr,
            kind,
            rmw.map(|name| (name, value.clone())),
            span,
            &mut |cx, old| cx.combine(old, value, kind, op, span),
        )?;
        Ok(())
    }

    /// `a op b` for a reduction operator.
    pub(crate) fn combine(
        &mut self,
        a: &Val,
        b: &Val,
        kind: ScalarKind,
        op: ReductionOp,
        span: Span,
    ) -> R<Val> {
        let binary = match op {
            ReductionOp::Add => BinaryOp::Add,
            ReductionOp::Mul => BinaryOp::Mul,
            ReductionOp::Max => BinaryOp::Max,
            ReductionOp::Min => BinaryOp::Min,
            ReductionOp::BitAnd => BinaryOp::BitAnd,
            ReductionOp::BitOr => BinaryOp::BitOr,
            ReductionOp::BitXor => BinaryOp::BitXor,
            ReductionOp::LogAnd | ReductionOp::LogOr | ReductionOp::Eqv | ReductionOp::Neqv => {
                let (ta, tb) = (self.truthy(a, kind), self.truthy(b, kind));
                let opcode = match op {
                    ReductionOp::LogAnd => "and",
                    ReductionOp::LogOr => "or",
                    ReductionOp::Eqv => "icmp eq",
                    _ => "icmp ne",
                };
                let truth = self
                    .w
                    .assign(Ty::I1, format!("{opcode} {}, {}", ta.typed(), tb.repr));
                return self.convert_scalar(truth, ScalarKind::Bool { width: 8 }, kind, span);
            }
        };
        self.apply_binary(binary, a, b, kind, span)
    }

    /// The identity of `op` for values of `kind` (OpenACC 3.3 §2.5.15).
    pub(crate) fn identity(&mut self, kind: ScalarKind, op: ReductionOp, span: Span) -> R<Val> {
        use ReductionOp as O;
        let unsupported = |cx: &Self| {
            cx.unsupported(
                span,
                format!(
                    "reduction '{}' on values of kind {}",
                    op.mlir_name(),
                    kind.mlir_name()
                ),
            )
        };
        let one = matches!(op, O::Mul | O::LogAnd | O::Eqv);
        match kind {
            ScalarKind::Int { signed, width } => {
                let bits = u32::from(width);
                let value: i128 = match op {
                    O::BitAnd => -1,
                    O::Max if signed => -(1i128 << (bits - 1)),
                    O::Max => 0,
                    O::Min if signed => (1i128 << (bits - 1)) - 1,
                    O::Min => -1,
                    _ if one => 1,
                    _ => 0,
                };
                Ok(Val::new(
                    Ty::Int(bits),
                    crate::llvm::text::int_literal(bits, value),
                ))
            }
            ScalarKind::Bool { .. } => Ok(Val::bool(one || matches!(op, O::BitAnd | O::Min))),
            ScalarKind::Float { width } => {
                let float = ty::float_ty(width).map_err(|m| self.unsupported(span, m))?;
                let value = match op {
                    O::Max => f64::NEG_INFINITY,
                    O::Min => f64::INFINITY,
                    O::BitAnd | O::BitOr | O::BitXor | O::Eqv | O::Neqv => {
                        return Err(unsupported(self))
                    }
                    _ if one => 1.0,
                    _ => 0.0,
                };
                Ok(self.float_value(&float, value))
            }
            ScalarKind::Complex { width } => {
                let part = ty::float_ty(width).map_err(|m| self.unsupported(span, m))?;
                let re = match op {
                    O::Add => 0.0,
                    O::Mul => 1.0,
                    _ => return Err(unsupported(self)),
                };
                let re = self.float_value(&part, re);
                let im = self.float_value(&part, 0.0);
                Ok(self.complex_make(&re, &im))
            }
        }
    }

    /// Loads a scalar of `kind` in its register type.
    pub(crate) fn load_scalar(&mut self, ptr: &Val, kind: ScalarKind, span: Span) -> R<Val> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let raw = self.load_mem(ptr, &mem);
        Ok(self.scalar_mem_to_reg(raw, kind))
    }

    /// Stores a register value of `kind`.
    pub(crate) fn store_scalar(
        &mut self,
        ptr: &Val,
        value: &Val,
        kind: ScalarKind,
        span: Span,
    ) -> R<()> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        let raw = self.reg_to_mem(value, &mem);
        self.store_mem(ptr, &raw);
        Ok(())
    }

    pub(crate) fn scalar_mem_to_reg(&mut self, raw: Val, kind: ScalarKind) -> Val {
        match (kind, &raw.ty) {
            (ScalarKind::Bool { .. }, Ty::Int(_)) => {
                self.w.assign(Ty::I1, format!("icmp ne {}, 0", raw.typed()))
            }
            _ => raw,
        }
    }
}

/// The steps of a block's combining tree: strides 1, 2, ..., 512 cover the largest block
/// (1024 threads, the slots of the shared buffer).
const BLOCK_TREE_STEPS: i64 = 10;

/// The `atomicrmw` operation that performs a reduction combine, where one exists.
fn reduction_rmw(kind: ScalarKind, op: ReductionOp) -> Option<&'static str> {
    use ReductionOp as O;
    match kind {
        ScalarKind::Int { signed, .. } => Some(match op {
            O::Add => "add",
            O::BitAnd => "and",
            O::BitOr => "or",
            O::BitXor => "xor",
            O::Max if signed => "max",
            O::Max => "umax",
            O::Min if signed => "min",
            O::Min => "umin",
            _ => return None,
        }),
        // Booleans hold 0 or 1 in memory.
        ScalarKind::Bool { .. } => Some(match op {
            O::Add | O::BitOr | O::LogOr | O::Max => "or",
            O::Mul | O::BitAnd | O::LogAnd | O::Min => "and",
            O::BitXor | O::Neqv => "xor",
            O::Eqv => return None,
        }),
        ScalarKind::Float { .. } => Some(match op {
            O::Add => "fadd",
            O::Max => "fmax",
            O::Min => "fmin",
            _ => return None,
        }),
        ScalarKind::Complex { .. } => None,
    }
}
