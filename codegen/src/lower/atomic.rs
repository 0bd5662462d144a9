//! Atomic memory operations: `atomic read/write/update/capture` statements and the atomic
//! combines of reductions.
//!
//! A read-modify-write uses `atomicrmw` where LLVM has the operation for the type, a
//! compare-and-swap loop on the same-sized integer otherwise, and, for values that x86-64 cannot
//! access atomically in one instruction (16-byte values, under-aligned `float _Complex`), a
//! spin lock shared by every kernel of the program (`__accc_atomic_lock`, a weak global; on GPUs
//! a global of the device module, see [`Cx::locked`]).

use acc_ir::body::{BinaryOp, ExprId};
use acc_ir::{AtomicKind, ScalarKind, Span};

use super::arith::is_comparison;
use super::threads::Gpu;
use super::{Cx, R};
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::{self, Ty};

const LOCK: &str = "__accc_atomic_lock";
const ORDER: &str = "monotonic";

impl<'a> Cx<'a> {
    pub(crate) fn atomic(
        &mut self,
        kind: AtomicKind,
        address: ExprId,
        op: Option<BinaryOp>,
        value: Option<ExprId>,
        (capture, capture_old): (Option<ExprId>, bool),
        reversed: bool,
    ) -> R<()> {
        let span = self.expr_span(address);
        let place_ty = self.expr_ty(address)?;
        let x_ty = self.pointee(place_ty)?;
        let x_kind = self.scalar_of(x_ty, span, "an atomic operation on a value")?;
        let x = self.value(address)?;
        let operand = match value {
            Some(value) => {
                let ty = self.expr_ty(value)?;
                let kind = self.scalar_of(ty, span, "an atomic operand")?;
                Some((self.value(value)?, kind))
            }
            None => None,
        };
        let (old, new) = match kind {
            AtomicKind::Read => {
                let old = self.atomic_load(&x, x_kind, span)?;
                (old.clone(), old)
            }
            AtomicKind::Write => {
                let Some((value, kind)) = operand else {
                    return Err(self.internal("atomic write without a value"));
                };
                let value = self.convert_scalar(value, kind, x_kind, span)?;
                self.atomic_store(&x, &value, x_kind, span)?;
                (value.clone(), value)
            }
            AtomicKind::Update | AtomicKind::Capture => {
                let Some((value, kind)) = operand else {
                    return Err(self.internal("atomic update without a value"));
                };
                match op {
                    None => {
                        // `v = x; x = expr`: an exchange.
                        let value = self.convert_scalar(value, kind, x_kind, span)?;
                        let rmw = Some(("xchg", value.clone()));
                        self.atomic_modify(&x, x_kind, rmw, span, &mut |_, _| Ok(value.clone()))?
                    }
                    Some(op) => {
                        // A shift count may have any integer type: shift in `x`'s type.
                        let (value, kind) = if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
                            (self.convert_scalar(value, kind, x_kind, span)?, x_kind)
                        } else {
                            (value, kind)
                        };
                        // `x = e op x` has no atomicrmw form (the frontend marks only
                        // non-commutative operators reversed): compare-and-swap.
                        let rmw = if kind == x_kind && !reversed {
                            update_rmw(x_kind, op)
                        } else {
                            None
                        };
                        let operand = value.clone();
                        let rmw = rmw.map(|name| (name, operand));
                        self.atomic_modify(&x, x_kind, rmw, span, &mut |cx, old| {
                            let old = cx.convert_scalar(old.clone(), x_kind, kind, span)?;
                            let result = if reversed {
                                cx.operate(op, &value, &old, kind, span)?
                            } else {
                                cx.operate(op, &old, &value, kind, span)?
                            };
                            cx.convert_scalar(result, kind, x_kind, span)
                        })?
                    }
                }
            }
        };
        let wants_capture = matches!(kind, AtomicKind::Read | AtomicKind::Capture);
        if let (true, Some(capture)) = (wants_capture, capture) {
            let capture_ty = self.expr_ty(capture)?;
            let v_ty = self.pointee(capture_ty)?;
            let v_kind = self.scalar_of(v_ty, span, "an atomic capture")?;
            let v = self.value(capture)?;
            let captured = if kind == AtomicKind::Capture && !capture_old {
                new
            } else {
                old
            };
            let captured = self.convert_scalar(captured, x_kind, v_kind, span)?;
            self.store_scalar(&v, &captured, v_kind, span)?;
        } else if wants_capture {
            return Err(self.internal("atomic read or capture without a capture address"));
        }
        Ok(())
    }

    /// `a op b` for an update statement's operator, in `kind` (comparisons and logical
    /// operators give 0 or 1 of that kind).
    fn operate(&mut self, op: BinaryOp, a: &Val, b: &Val, kind: ScalarKind, span: Span) -> R<Val> {
        match op {
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                let (ta, tb) = (self.truthy(a, kind), self.truthy(b, kind));
                let opcode = if op == BinaryOp::LogicalAnd {
                    "and"
                } else {
                    "or"
                };
                let truth = self.bin(opcode, &ta, &tb);
                self.convert_scalar(truth, ScalarKind::Bool { width: 8 }, kind, span)
            }
            _ if is_comparison(op) => {
                let truth = self.apply_binary(op, a, b, kind, span)?;
                self.convert_scalar(truth, ScalarKind::Bool { width: 8 }, kind, span)
            }
            _ => self.apply_binary(op, a, b, kind, span),
        }
    }

    /// Atomically replaces the scalar at `ptr` with `compute(old)`; returns (old, new) in
    /// register form. `rmw` names an `atomicrmw` operation and its operand (register form)
    /// that does the same in one instruction, when there is one.
    pub(crate) fn atomic_modify(
        &mut self,
        ptr: &Val,
        kind: ScalarKind,
        rmw: Option<(&str, Val)>,
        span: Span,
        compute: &mut dyn FnMut(&mut Self, &Val) -> R<Val>,
    ) -> R<(Val, Val)> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        self.note_effect("an atomic update");
        if !mem.natively_atomic() {
            let mut result = None;
            self.locked(&mut |cx| {
                let old = cx.load_scalar(ptr, kind, span)?;
                let new = compute(cx, &old)?;
                cx.store_scalar(ptr, &new, kind, span)?;
                result = Some((old, new));
                Ok(())
            })?;
            return result.ok_or_else(|| self.internal("the locked update wrote nothing"));
        }
        if let Some((operation, operand)) = rmw {
            let operand = self.reg_to_mem(&operand, &mem);
            let raw = self.w.assign(
                mem.clone(),
                format!(
                    "atomicrmw {operation} ptr {}, {} {ORDER}, align {}",
                    ptr.repr,
                    operand.typed(),
                    mem.align()
                ),
            );
            let old = self.scalar_mem_to_reg(raw, kind);
            let new = compute(self, &old)?;
            return Ok((old, new));
        }
        // Compare-and-swap loop on the integer of the same size.
        let int = Ty::Int((mem.size() * 8) as u32);
        let expected = self.w.alloca(&int);
        let first = self.w.assign(
            int.clone(),
            format!(
                "load atomic {int}, ptr {} {ORDER}, align {}",
                ptr.repr,
                mem.align()
            ),
        );
        self.store_mem(&expected, &first);
        let retry = self.w.block("cas.retry");
        let done = self.w.block("cas.done");
        self.w.br(retry);
        self.w.position(retry);
        let old_bits = self.load_mem(&expected, &int);
        let old_raw = self.bits_as(&old_bits, &mem);
        let old = self.scalar_mem_to_reg(old_raw, kind);
        let new = compute(self, &old)?;
        let new_raw = self.reg_to_mem(&new, &mem);
        let new_bits = self.as_bits(&new_raw, &int);
        let pair = self.w.assign(
            Ty::Struct(vec![int.clone(), Ty::I1]),
            format!(
                "cmpxchg ptr {}, {}, {} {ORDER} {ORDER}, align {}",
                ptr.repr,
                old_bits.typed(),
                new_bits.typed(),
                mem.align()
            ),
        );
        let seen = self
            .w
            .assign(int.clone(), format!("extractvalue {}, 0", pair.typed()));
        let swapped = self
            .w
            .assign(Ty::I1, format!("extractvalue {}, 1", pair.typed()));
        self.store_mem(&expected, &seen);
        self.w.cond_br(&swapped, done, retry);
        self.w.position(done);
        Ok((old, new))
    }

    /// Reinterprets integer bits as memory type `mem` (same size).
    fn bits_as(&mut self, bits: &Val, mem: &Ty) -> Val {
        if bits.ty == *mem {
            return bits.clone();
        }
        self.w
            .assign(mem.clone(), format!("bitcast {} to {mem}", bits.typed()))
    }

    fn as_bits(&mut self, raw: &Val, int: &Ty) -> Val {
        if raw.ty == *int {
            return raw.clone();
        }
        self.w
            .assign(int.clone(), format!("bitcast {} to {int}", raw.typed()))
    }

    /// An atomic load of a scalar.
    pub(crate) fn atomic_load(&mut self, ptr: &Val, kind: ScalarKind, span: Span) -> R<Val> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        if !mem.natively_atomic() {
            let mut value = None;
            self.locked(&mut |cx| {
                value = Some(cx.load_scalar(ptr, kind, span)?);
                Ok(())
            })?;
            return value.ok_or_else(|| self.internal("the locked read read nothing"));
        }
        let raw = self.w.assign(
            mem.clone(),
            format!(
                "load atomic {mem}, ptr {} {ORDER}, align {}",
                ptr.repr,
                mem.align()
            ),
        );
        Ok(self.scalar_mem_to_reg(raw, kind))
    }

    /// An atomic store of a scalar.
    pub(crate) fn atomic_store(
        &mut self,
        ptr: &Val,
        value: &Val,
        kind: ScalarKind,
        span: Span,
    ) -> R<()> {
        let mem = ty::scalar_mem(kind).map_err(|m| self.unsupported(span, m))?;
        self.note_effect("an atomic write");
        if !mem.natively_atomic() {
            return self.locked(&mut |cx| cx.store_scalar(ptr, value, kind, span));
        }
        let raw = self.reg_to_mem(value, &mem);
        self.w.line(format!(
            "store atomic {}, ptr {} {ORDER}, align {}",
            raw.typed(),
            ptr.repr,
            mem.align()
        ));
        Ok(())
    }

    /// Runs `critical` while this thread holds the program-wide atomic lock.
    ///
    /// The code is one loop: try to take the lock (compare-and-swap 0 → 1); on success run
    /// `critical`, release the lock and leave; otherwise retry. The critical section and the
    /// release lie inside the loop, before the point where the threads of a GPU warp or
    /// wavefront that branched apart meet again, so a thread that holds the lock never waits
    /// for one that spins (which would deadlock on GPUs without independent thread scheduling:
    /// sm_60 and AMD).
    ///
    /// On GPUs the lock is a global of the device module (address space 1, zero when the image
    /// is loaded and again after every critical section), and the section's accesses to memory
    /// are `volatile`. NVPTX: LLVM 19 drops the ordering of an acquire `cmpxchg` (a plain
    /// `atom.cas`) and cannot select `fence` or release/acquire loads and stores, so the lock
    /// is taken by `atom.cas` then `membar.gl` (= `fence.sc.gpu` on sm_70 and later: with the
    /// relaxed CAS an acquire pattern of the PTX memory model) and released by `membar.gl` then
    /// a volatile store (`st.volatile` = `st.relaxed.sys`: a release pattern), the `__threadfence`
    /// lock of CUDA. AMDGPU: an agent-scope acquire `cmpxchg` and release store, which LLVM
    /// lowers with the cache invalidation and write-back they need.
    pub(crate) fn locked(&mut self, critical: &mut dyn FnMut(&mut Self) -> R<()>) -> R<()> {
        let name = global_name(LOCK);
        let gpu = self.gpu();
        let lock = match gpu {
            None => {
                self.mw
                    .global(LOCK, format!("{name} = weak global i32 0, align 4"));
                self.mw
                    .declare_plain("llvm.x86.sse2.pause", &Ty::Void, &[])
                    .map_err(|m| self.internal(m))?;
                name
            }
            Some(Gpu::Emulated) => {
                self.mw
                    .global(LOCK, format!("{name} = weak global i32 0, align 4"));
                name
            }
            Some(_) => {
                self.mw.global(
                    LOCK,
                    format!("{name} = weak addrspace(1) global i32 0, align 4"),
                );
                self.w
                    .assign(
                        Ty::Ptr,
                        format!("addrspacecast ptr addrspace(1) {name} to ptr"),
                    )
                    .repr
            }
        };
        let fence = |cx: &mut Self| -> R<()> {
            if cx.gpu() == Some(Gpu::Emulated) {
                // `membar.gl` on the CPU.
                cx.w.line("fence seq_cst");
                return Ok(());
            }
            let name = "llvm.nvvm.membar.gl";
            cx.mw
                .declare_plain(name, &Ty::Void, &[])
                .map_err(|m| cx.internal(m))?;
            cx.w.line(format!("call void {}()", global_name(name)));
            Ok(())
        };
        let (take, release) = match gpu {
            None => ("acquire", "release"),
            Some(Gpu::Nvptx | Gpu::Emulated) => ("monotonic", "monotonic"),
            Some(Gpu::Amdgpu) => (
                "syncscope(\"agent\") acquire",
                "syncscope(\"agent\") release",
            ),
        };
        // GPU: whether this thread has been through the critical section, read back with a
        // volatile load, so that LLVM cannot fold the latch's branch and thread the critical
        // section out of the loop (it would then run after the loop, where a warp meets again).
        let through = match gpu {
            Some(_) => {
                let flag = self.w.alloca(&Ty::i8());
                self.w
                    .line(format!("store volatile i8 0, ptr {}, align 1", flag.repr));
                Some(flag)
            }
            None => None,
        };
        let spin = self.w.block("lock.spin");
        let held = self.w.block("lock.held");
        let latch = self.w.block("lock.latch");
        let done = self.w.block("lock.done");
        self.w.br(spin);
        self.w.position(spin);
        let pair = self.w.assign(
            Ty::Struct(vec![Ty::i32(), Ty::I1]),
            format!("cmpxchg ptr {lock}, i32 0, i32 1 {take} monotonic, align 4"),
        );
        let taken = self
            .w
            .assign(Ty::I1, format!("extractvalue {}, 1", pair.typed()));
        self.w.cond_br(&taken, held, latch);
        self.w.position(held);
        if gpu.map(Gpu::lowered_as) == Some(Gpu::Nvptx) {
            fence(self)?;
        }
        let volatile = std::mem::replace(&mut self.volatile_memory, gpu.is_some());
        let result = critical(self);
        self.volatile_memory = volatile;
        result?;
        if gpu.map(Gpu::lowered_as) == Some(Gpu::Nvptx) {
            fence(self)?;
        }
        self.w
            .line(format!("store atomic i32 0, ptr {lock} {release}, align 4"));
        if let Some(flag) = &through {
            self.w
                .line(format!("store volatile i8 1, ptr {}, align 1", flag.repr));
        }
        self.w.br(latch);
        self.w.position(latch);
        if let Some(flag) = &through {
            let value = self.w.assign(
                Ty::i8(),
                format!("load volatile i8, ptr {}, align 1", flag.repr),
            );
            let left = self
                .w
                .assign(Ty::I1, format!("icmp ne i8 {}, 0", value.repr));
            self.w.cond_br(&left, done, spin);
        } else {
            let wait = self.w.block("lock.wait");
            self.w.cond_br(&taken, done, wait);
            self.w.position(wait);
            self.w.line(format!(
                "call void {}()",
                global_name("llvm.x86.sse2.pause")
            ));
            self.w.br(spin);
        }
        self.w.position(done);
        Ok(())
    }
}

/// The `atomicrmw` operation of an update `x = x op v` with `v` of `x`'s kind, where one exists.
fn update_rmw(kind: ScalarKind, op: BinaryOp) -> Option<&'static str> {
    match kind {
        ScalarKind::Int { signed, .. } => Some(match op {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::BitAnd => "and",
            BinaryOp::BitOr => "or",
            BinaryOp::BitXor => "xor",
            BinaryOp::Max if signed => "max",
            BinaryOp::Max => "umax",
            BinaryOp::Min if signed => "min",
            BinaryOp::Min => "umin",
            _ => return None,
        }),
        ScalarKind::Float { .. } => Some(match op {
            BinaryOp::Add => "fadd",
            BinaryOp::Sub => "fsub",
            BinaryOp::Max => "fmax",
            BinaryOp::Min => "fmin",
            _ => return None,
        }),
        ScalarKind::Bool { .. } => Some(match op {
            BinaryOp::BitAnd | BinaryOp::LogicalAnd => "and",
            BinaryOp::BitOr | BinaryOp::LogicalOr => "or",
            BinaryOp::BitXor => "xor",
            _ => return None,
        }),
        ScalarKind::Complex { .. } => None,
    }
}
