//! Arithmetic: unary and binary operators on integers (signedness chooses the instruction),
//! booleans, floats and complex numbers; comparisons; conversions between scalar types and
//! pointers; truth values.

use acc_ir::body::{BinaryOp, ExprId, ExprKind, UnaryOp};
use acc_ir::{ScalarKind, Span, TypeHandle, TypeInner};

use super::{Cx, R};
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::{self, Ty};

/// Whether an operator compares its operands (and yields a boolean).
pub(crate) fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
    )
}

impl<'a> Cx<'a> {
    pub(crate) fn unary(
        &mut self,
        op: UnaryOp,
        operand: ExprId,
        ty: TypeHandle,
        span: Span,
    ) -> R<Val> {
        let operand_ty = self.expr_ty(operand)?;
        if op == UnaryOp::LogicalNot {
            let truth = self.condition(operand)?;
            let not = self.bin("xor", &truth, &Val::bool(true));
            return self.bool_to_type(not, ty, span);
        }
        let kind = self.scalar_of(operand_ty, span, "an operand")?;
        let value = self.value(operand)?;
        let result = match (op, kind) {
            (UnaryOp::Neg, ScalarKind::Int { .. }) => {
                let zero = Val::new(value.ty.clone(), "0");
                self.w.assign(
                    value.ty.clone(),
                    format!("sub {}, {}", zero.typed(), value.repr),
                )
            }
            (UnaryOp::Neg, ScalarKind::Float { .. }) => self.fneg(&value),
            (UnaryOp::Neg, ScalarKind::Complex { .. }) => {
                let re = self.complex_part(&value, 0);
                let im = self.complex_part(&value, 1);
                let (re, im) = (self.fneg(&re), self.fneg(&im));
                self.complex_make(&re, &im)
            }
            (UnaryOp::Not, ScalarKind::Int { .. } | ScalarKind::Bool { .. }) => {
                let ones = Val::new(value.ty.clone(), "-1");
                self.bin("xor", &value, &ones)
            }
            _ => {
                return Err(self.unsupported(
                    span,
                    format!("operator {op:?} on a value of kind {}", kind.mlir_name()),
                ))
            }
        };
        self.convert(result, operand_ty, ty, span)
    }

    fn fneg(&mut self, value: &Val) -> Val {
        self.w
            .assign(value.ty.clone(), format!("fneg {}", value.typed()))
    }

    pub(crate) fn binary(
        &mut self,
        op: BinaryOp,
        left: ExprId,
        right: ExprId,
        ty: TypeHandle,
        span: Span,
    ) -> R<Val> {
        if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
            let truth = self.short_circuit(op == BinaryOp::LogicalAnd, left, right)?;
            return self.bool_to_type(truth, ty, span);
        }
        let left_ty = self.expr_ty(left)?;
        let right_ty = self.expr_ty(right)?;
        let a = self.value(left)?;
        let b = self.value(right)?;
        if matches!(self.inner(left_ty)?, TypeInner::Pointer { .. }) {
            if !is_comparison(op) {
                return Err(self.unsupported(span, format!("operator {op:?} on pointers")));
            }
            let pred = int_predicate(op, false);
            let result = self.icmp(pred, &a, &b);
            return self.bool_to_type(result, ty, span);
        }
        let kind = self.scalar_of(left_ty, span, "an operand")?;
        let b = match op {
            BinaryOp::Shl | BinaryOp::Shr => {
                let count_kind = self.scalar_of(right_ty, span, "a shift count")?;
                self.convert_scalar(b, count_kind, kind, span)?
            }
            _ if left_ty != right_ty => {
                let right_kind = self.scalar_of(right_ty, span, "an operand")?;
                self.convert_scalar(b, right_kind, kind, span)?
            }
            _ => b,
        };
        if matches!(kind, ScalarKind::Float { .. })
            && matches!(op, BinaryOp::Add | BinaryOp::Mul)
            && (self.reads_reassociable(op, left) || self.reads_reassociable(op, right))
        {
            let opcode = match (op == BinaryOp::Add, self.contracts()) {
                (true, false) => "fadd reassoc",
                (true, true) => "fadd reassoc contract",
                (false, false) => "fmul reassoc",
                (false, true) => "fmul reassoc contract",
            };
            let result = self.bin(opcode, &a, &b);
            return self.convert(result, left_ty, ty, span);
        }
        let result = self.apply_binary(op, &a, &b, kind, span)?;
        if is_comparison(op) {
            self.bool_to_type(result, ty, span)
        } else {
            self.convert(result, left_ty, ty, span)
        }
    }

    /// Whether the code's floating-point `+`, `-` and `*` are contractable on this target
    /// ([`acc_ir::FpContract`]: in the default mode, on the host CPU only).
    fn contracts(&self) -> bool {
        match self.module.fp_contract {
            acc_ir::FpContract::Off => false,
            acc_ir::FpContract::Host => self.device.is_none(),
            acc_ir::FpContract::Fast => true,
        }
    }

    /// Whether `operand` reads a reduction partial whose updates by `op` may be reassociated.
    fn reads_reassociable(&self, op: BinaryOp, operand: ExprId) -> bool {
        let Some(ExprKind::Load(address)) = self.body.exprs.get(operand).map(|e| &e.kind) else {
            return false;
        };
        let Some(ExprKind::Variable(var)) = self.body.exprs.get(*address).map(|e| &e.kind) else {
            return false;
        };
        let Some(binding) = self.bindings.get(var) else {
            return false;
        };
        self.reassociable
            .iter()
            .any(|(ptr, with)| *with == op && ptr.repr == binding.ptr.repr)
    }

    /// Converts an `i1` to the expression's type (a boolean already, or an integer in C).
    pub(crate) fn bool_to_type(&mut self, value: Val, ty: TypeHandle, span: Span) -> R<Val> {
        match self.inner(ty)? {
            TypeInner::Scalar(kind) => {
                self.convert_scalar(value, ScalarKind::Bool { width: 8 }, *kind, span)
            }
            _ => Err(self.internal("a comparison whose type is not a scalar")),
        }
    }

    /// `a op b` for operands of the same scalar kind; comparisons give an `i1`.
    pub(crate) fn apply_binary(
        &mut self,
        op: BinaryOp,
        a: &Val,
        b: &Val,
        kind: ScalarKind,
        span: Span,
    ) -> R<Val> {
        use BinaryOp as B;
        let unsupported = |cx: &Self| {
            cx.unsupported(
                span,
                format!("operator {op:?} on values of kind {}", kind.mlir_name()),
            )
        };
        match kind {
            ScalarKind::Int { signed, width } => {
                // Signed overflow is undefined in C (at `int` width and wider, where the usual
                // arithmetic conversions leave operands), so `nsw` is sound there; it lets LLVM
                // widen `a[i * n + k]` subscripts to 64 bits and strength-reduce them, as clang
                // does. Fortran forbids overflow too, but legacy code (hashes, random number
                // generators) counts on it wrapping as gfortran's unoptimised code does, so its
                // arithmetic wraps.
                let c = self.module.language == acc_ir::Language::C;
                let wraps = !signed || width < 32 || !c;
                let opcode = match op {
                    B::Add if wraps => "add",
                    B::Add => "add nsw",
                    B::Sub if wraps => "sub",
                    B::Sub => "sub nsw",
                    B::Mul if wraps => "mul",
                    B::Mul => "mul nsw",
                    B::Div if signed => "sdiv",
                    B::Div => "udiv",
                    B::Rem if signed => "srem",
                    B::Rem => "urem",
                    B::Shl => "shl",
                    B::Shr if signed => "ashr",
                    B::Shr => "lshr",
                    B::BitAnd => "and",
                    B::BitOr => "or",
                    B::BitXor => "xor",
                    B::Max | B::Min => {
                        let pred = match (op == B::Max, signed) {
                            (true, true) => "sgt",
                            (true, false) => "ugt",
                            (false, true) => "slt",
                            (false, false) => "ult",
                        };
                        let pick = self.icmp(pred, a, b);
                        return Ok(self.select(&pick, a, b));
                    }
                    _ if is_comparison(op) => {
                        return Ok(self.icmp(int_predicate(op, signed), a, b))
                    }
                    _ => return Err(unsupported(self)),
                };
                Ok(self.bin(opcode, a, b))
            }
            ScalarKind::Bool { .. } => {
                let opcode = match op {
                    B::BitAnd | B::Mul | B::Min => "and",
                    B::BitOr | B::Add | B::Max => "or",
                    B::BitXor | B::Sub => "xor",
                    _ if is_comparison(op) => return Ok(self.icmp(int_predicate(op, false), a, b)),
                    _ => return Err(unsupported(self)),
                };
                Ok(self.bin(opcode, a, b))
            }
            ScalarKind::Float { .. } => {
                // The translation unit's contraction (`-ffp-contract`): `contract` lets the
                // target fuse a multiply and an add, as the host compiler does.
                let contract = self.contracts();
                let opcode = match op {
                    B::Add if contract => "fadd contract",
                    B::Sub if contract => "fsub contract",
                    B::Mul if contract => "fmul contract",
                    B::Add => "fadd",
                    B::Sub => "fsub",
                    B::Mul => "fmul",
                    B::Div => "fdiv",
                    B::Rem => "frem",
                    B::Max | B::Min => return self.float_min_max(op == B::Max, a, b, span),
                    B::Eq => return Ok(self.fcmp("oeq", a, b)),
                    B::Ne => return Ok(self.fcmp("une", a, b)),
                    B::Lt => return Ok(self.fcmp("olt", a, b)),
                    B::Le => return Ok(self.fcmp("ole", a, b)),
                    B::Gt => return Ok(self.fcmp("ogt", a, b)),
                    B::Ge => return Ok(self.fcmp("oge", a, b)),
                    _ => return Err(unsupported(self)),
                };
                Ok(self.bin(opcode, a, b))
            }
            ScalarKind::Complex { .. } => self
                .complex_binary(op, a, b)
                .ok_or_else(|| unsupported(self)),
        }
    }

    pub(crate) fn fcmp(&mut self, pred: &str, a: &Val, b: &Val) -> Val {
        self.w
            .assign(Ty::I1, format!("fcmp {pred} {}, {}", a.typed(), b.repr))
    }

    /// `maxnum`/`minnum` (C `fmax`/`fmin`: a NaN operand yields the other one).
    pub(crate) fn float_min_max(&mut self, max: bool, a: &Val, b: &Val, span: Span) -> R<Val> {
        self.float_min_max_flagged(max, "", a, b, span)
    }

    /// [`Cx::float_min_max`] with fast-math `flags` on the intrinsic's call (`"nnan nsz"`, or
    /// empty); `fp128` ignores them.
    pub(crate) fn float_min_max_flagged(
        &mut self,
        max: bool,
        flags: &str,
        a: &Val,
        b: &Val,
        span: Span,
    ) -> R<Val> {
        if matches!(a.ty, Ty::F128) {
            // No intrinsic lowering is guaranteed for fp128: compare and select.
            let pick = self.fcmp(if max { "ogt" } else { "olt" }, a, b);
            let a_nan = self.fcmp("uno", a, a);
            let chosen = self.select(&pick, a, b);
            return Ok(self.select(&a_nan, b, &chosen));
        }
        let name = format!(
            "llvm.{}.{}",
            if max { "maxnum" } else { "minnum" },
            intrinsic_suffix(&a.ty)
        );
        self.mw
            .declare_plain(&name, &a.ty, &[a.ty.clone(), a.ty.clone()])
            .map_err(|m| self.unsupported(span, m))?;
        Ok(self.w.assign(
            a.ty.clone(),
            format!(
                "call {}{} {}({}, {})",
                if flags.is_empty() {
                    String::new()
                } else {
                    format!("{flags} ")
                },
                a.ty,
                global_name(&name),
                a.typed(),
                b.typed()
            ),
        ))
    }

    /// Complex `+ - * /` (the textbook formulas, as with `-fcx-limited-range`) and `== !=`.
    fn complex_binary(&mut self, op: BinaryOp, a: &Val, b: &Val) -> Option<Val> {
        let (ar, ai) = (self.complex_part(a, 0), self.complex_part(a, 1));
        let (br, bi) = (self.complex_part(b, 0), self.complex_part(b, 1));
        let (re, im) = match op {
            BinaryOp::Add => (self.bin("fadd", &ar, &br), self.bin("fadd", &ai, &bi)),
            BinaryOp::Sub => (self.bin("fsub", &ar, &br), self.bin("fsub", &ai, &bi)),
            BinaryOp::Mul => {
                let (rr, ii) = (self.bin("fmul", &ar, &br), self.bin("fmul", &ai, &bi));
                let (ri, ir) = (self.bin("fmul", &ar, &bi), self.bin("fmul", &ai, &br));
                (self.bin("fsub", &rr, &ii), self.bin("fadd", &ri, &ir))
            }
            BinaryOp::Div => {
                let (rr, ii) = (self.bin("fmul", &br, &br), self.bin("fmul", &bi, &bi));
                let denominator = self.bin("fadd", &rr, &ii);
                let (x1, x2) = (self.bin("fmul", &ar, &br), self.bin("fmul", &ai, &bi));
                let (y1, y2) = (self.bin("fmul", &ai, &br), self.bin("fmul", &ar, &bi));
                let (x, y) = (self.bin("fadd", &x1, &x2), self.bin("fsub", &y1, &y2));
                (
                    self.bin("fdiv", &x, &denominator),
                    self.bin("fdiv", &y, &denominator),
                )
            }
            BinaryOp::Eq | BinaryOp::Ne => {
                let eq = op == BinaryOp::Eq;
                let pred = if eq { "oeq" } else { "une" };
                let (r, i) = (self.fcmp(pred, &ar, &br), self.fcmp(pred, &ai, &bi));
                return Some(self.bin(if eq { "and" } else { "or" }, &r, &i));
            }
            _ => return None,
        };
        Some(self.complex_make(&re, &im))
    }

    /// The truth value (`i1`) of a scalar: nonzero.
    pub(crate) fn truthy(&mut self, value: &Val, kind: ScalarKind) -> Val {
        match kind {
            ScalarKind::Bool { .. } if value.ty == Ty::I1 => value.clone(),
            ScalarKind::Int { .. } | ScalarKind::Bool { .. } => {
                let zero = Val::new(value.ty.clone(), "0");
                self.icmp("ne", value, &zero)
            }
            ScalarKind::Float { .. } => {
                let zero = self.float_value(&value.ty.clone(), 0.0);
                self.fcmp("une", value, &zero)
            }
            ScalarKind::Complex { .. } => {
                let (re, im) = (self.complex_part(value, 0), self.complex_part(value, 1));
                let zero = self.float_value(&re.ty.clone(), 0.0);
                let (r, i) = (self.fcmp("une", &re, &zero), self.fcmp("une", &im, &zero));
                self.bin("or", &r, &i)
            }
        }
    }

    /// Converts `value` from acc-ir type `from` to `to` (numbers, booleans, pointers).
    pub(crate) fn convert(
        &mut self,
        value: Val,
        from: TypeHandle,
        to: TypeHandle,
        span: Span,
    ) -> R<Val> {
        if from == to {
            return Ok(value);
        }
        let (source, target) = (self.inner(from)?, self.inner(to)?);
        match (source, target) {
            (TypeInner::Scalar(a), TypeInner::Scalar(b)) => {
                self.convert_scalar(value, *a, *b, span)
            }
            (TypeInner::Pointer { .. }, TypeInner::Pointer { .. }) => Ok(value),
            (TypeInner::Pointer { .. }, TypeInner::Scalar(ScalarKind::Bool { .. })) => {
                Ok(self.icmp("ne", &value, &Val::new(Ty::Ptr, "null")))
            }
            (TypeInner::Pointer { .. }, TypeInner::Scalar(ScalarKind::Int { width, .. })) => {
                let int = self
                    .w
                    .assign(Ty::i64(), format!("ptrtoint ptr {} to i64", value.repr));
                Ok(self.resize_int(int, u32::from(*width), false))
            }
            (TypeInner::Scalar(ScalarKind::Int { signed, .. }), TypeInner::Pointer { .. }) => {
                let wide = self.resize_int(value, 64, *signed);
                Ok(self
                    .w
                    .assign(Ty::Ptr, format!("inttoptr i64 {} to ptr", wide.repr)))
            }
            _ => {
                let (a, b) = (self.mem_ty(from, span)?, self.mem_ty(to, span)?);
                if a == b && !matches!(source, TypeInner::Scalar(_)) {
                    return Ok(value);
                }
                Err(self.unsupported(
                    span,
                    format!(
                        "conversion from '{}' to '{}'",
                        self.module.types.display(from),
                        self.module.types.display(to)
                    ),
                ))
            }
        }
    }

    /// Converts a scalar register value between kinds, as C's conversions do.
    pub(crate) fn convert_scalar(
        &mut self,
        value: Val,
        from: ScalarKind,
        to: ScalarKind,
        span: Span,
    ) -> R<Val> {
        use ScalarKind as K;
        if from == to {
            return Ok(value);
        }
        let target = ty::scalar_reg(to).map_err(|m| self.unsupported(span, m))?;
        if let K::Bool { .. } = to {
            return Ok(self.truthy(&value, from));
        }
        let cast = |cx: &mut Self, opcode: &str, value: &Val, target: &Ty| {
            cx.w.assign(
                target.clone(),
                format!("{opcode} {} to {target}", value.typed()),
            )
        };
        Ok(match (from, to) {
            (K::Int { signed, .. }, K::Int { width, .. }) => {
                self.resize_int(value, u32::from(width), signed)
            }
            (K::Bool { .. }, K::Int { width, .. }) => {
                self.resize_int(value, u32::from(width), false)
            }
            (K::Int { signed: true, .. }, K::Float { .. }) => cast(self, "sitofp", &value, &target),
            (K::Int { signed: false, .. } | K::Bool { .. }, K::Float { .. }) => {
                cast(self, "uitofp", &value, &target)
            }
            (K::Float { .. }, K::Int { signed: true, .. }) => cast(self, "fptosi", &value, &target),
            (K::Float { .. }, K::Int { signed: false, .. }) => {
                cast(self, "fptoui", &value, &target)
            }
            (K::Float { width: a }, K::Float { width: b }) => {
                let opcode = if a < b { "fpext" } else { "fptrunc" };
                cast(self, opcode, &value, &target)
            }
            (K::Complex { width: a }, K::Complex { width: b }) => {
                // Each part converted (C11 6.3.1.6; Fortran's `cmplx(z, kind=...)`).
                let (from, to) = (K::Float { width: a }, K::Float { width: b });
                let re = self.complex_part(&value, 0);
                let im = self.complex_part(&value, 1);
                let re = self.convert_scalar(re, from, to, span)?;
                let im = self.convert_scalar(im, from, to, span)?;
                self.complex_make(&re, &im)
            }
            (K::Complex { width }, _) => {
                let re = self.complex_part(&value, 0);
                return self.convert_scalar(re, K::Float { width }, to, span);
            }
            (_, K::Complex { width }) => {
                let re = self.convert_scalar(value, from, K::Float { width }, span)?;
                let part = re.ty.clone();
                let im = self.float_value(&part, 0.0);
                self.complex_make(&re, &im)
            }
            (_, K::Bool { .. }) => unreachable!("boolean targets are handled above"),
        })
    }
}

/// The `icmp` predicate of a comparison.
pub(crate) fn int_predicate(op: BinaryOp, signed: bool) -> &'static str {
    match (op, signed) {
        (BinaryOp::Eq, _) => "eq",
        (BinaryOp::Ne, _) => "ne",
        (BinaryOp::Lt, true) => "slt",
        (BinaryOp::Lt, false) => "ult",
        (BinaryOp::Le, true) => "sle",
        (BinaryOp::Le, false) => "ule",
        (BinaryOp::Gt, true) => "sgt",
        (BinaryOp::Gt, false) => "ugt",
        (BinaryOp::Ge, true) => "sge",
        (_, _) => "uge",
    }
}

/// The overload suffix of a float type in intrinsic names.
pub(crate) fn intrinsic_suffix(ty: &Ty) -> &'static str {
    match ty {
        Ty::F32 => "f32",
        Ty::F64 => "f64",
        Ty::F80 => "f80",
        _ => "f128",
    }
}
