//! Expressions: constants, places (variables, locals, subscripts, members), loads, pointer
//! arithmetic, conditional expressions and statement blocks with a value. Arithmetic lives in
//! [`super::arith`], calls in [`super::call`].

use acc_ir::body::{ExprId, ExprKind};
use acc_ir::{ScalarKind, Span, TypeHandle, TypeInner};

use super::{Cx, R};
use crate::llvm::text::{float_literal, int_literal, Val};
use crate::llvm::ty::{self, Ty};

impl<'a> Cx<'a> {
    /// Evaluates an expression; `None` for a void one.
    pub(crate) fn eval(&mut self, id: ExprId) -> R<Option<Val>> {
        self.nested(|cx| cx.eval_inner(id))
    }

    /// Evaluates an expression that must have a value.
    pub(crate) fn value(&mut self, id: ExprId) -> R<Val> {
        match self.eval(id)? {
            Some(value) => Ok(value),
            None => Err(self.internal(format!("expression {id:?} has no value"))),
        }
    }

    fn eval_inner(&mut self, id: ExprId) -> R<Option<Val>> {
        let Some(expr) = self.body.exprs.get(id) else {
            return Err(self.internal(format!("expression {id:?} is not in the body")));
        };
        let span = self.expr_span(id);
        let ty = expr.ty;
        let value = match &expr.kind {
            ExprKind::Int(value) => self.int_constant(ty, *value, span)?,
            ExprKind::Float(value) => self.float_constant(ty, *value, span)?,
            ExprKind::Variable(var) => self.variable_binding(*var, span)?.ptr,
            ExprKind::Local(local) => self.local_slot(*local, span)?,
            ExprKind::Load(address) => {
                let ptr = self.value(*address)?;
                self.load(&ptr, ty, span)?
            }
            ExprKind::Index { base, index } => self.index(*base, *index, ty, span)?,
            ExprKind::Member { base, member } => self.member(*base, *member, span)?,
            ExprKind::Decay(array) => self.value(*array)?,
            ExprKind::Unary { op, operand } => self.unary(*op, *operand, ty, span)?,
            ExprKind::Binary { op, left, right } => self.binary(*op, *left, *right, ty, span)?,
            ExprKind::PointerAdd { pointer, offset } => {
                let base = self.value(*pointer)?;
                let offset = self.value_i64(*offset)?;
                let pointee = self.pointee(ty)?;
                self.element_address(&base, &offset, pointee, span)?
            }
            ExprKind::PointerDiff { left, right } => self.pointer_diff(*left, *right, ty, span)?,
            ExprKind::Cast(operand) => {
                let from = self.expr_ty(*operand)?;
                let value = self.eval(*operand)?;
                if matches!(self.inner(ty)?, TypeInner::Void) {
                    return Ok(None);
                }
                let Some(value) = value else {
                    return Err(self.internal("cast of a void expression to a value"));
                };
                self.convert(value, from, ty, span)?
            }
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => return self.conditional(*cond, *accept, *reject, ty, span),
            ExprKind::Call { function, args } => return self.call(function, args, ty, span),
            ExprKind::Math { function, args } => self.math(*function, args, ty, span)?,
            ExprKind::Builtin { builtin, args } => self.builtin(*builtin, args, ty, span)?,
            ExprKind::Block { stmts, value } => {
                self.stmts(stmts)?;
                return self.eval(*value);
            }
        };
        Ok(Some(value))
    }

    // ----- constants -----

    /// An integer constant of acc-ir type `ty`.
    pub(crate) fn int_constant(&mut self, ty: TypeHandle, value: i128, span: Span) -> R<Val> {
        match self.inner(ty)? {
            TypeInner::Scalar(ScalarKind::Bool { .. }) => Ok(Val::bool(value != 0)),
            TypeInner::Scalar(ScalarKind::Int { width, .. }) => {
                let reg = ty::scalar_reg(ScalarKind::Int {
                    signed: true,
                    width: *width,
                })
                .map_err(|m| self.unsupported(span, m))?;
                Ok(Val::new(reg, int_literal(u32::from(*width), value)))
            }
            TypeInner::Scalar(_) => self.float_constant(ty, value as f64, span),
            TypeInner::Pointer { .. } if value == 0 => Ok(Val::new(Ty::Ptr, "null")),
            TypeInner::Pointer { .. } => Ok(self.w.assign(
                Ty::Ptr,
                format!("inttoptr i64 {} to ptr", int_literal(64, value)),
            )),
            _ => Err(self.internal(format!(
                "integer constant of type '{}'",
                self.module.types.display(ty)
            ))),
        }
    }

    /// A floating-point constant of acc-ir type `ty` (a real, complex or integer type).
    pub(crate) fn float_constant(&mut self, ty: TypeHandle, value: f64, span: Span) -> R<Val> {
        match self.inner(ty)? {
            TypeInner::Scalar(ScalarKind::Float { width }) => {
                let reg = ty::float_ty(*width).map_err(|m| self.unsupported(span, m))?;
                Ok(self.float_value(&reg, value))
            }
            TypeInner::Scalar(ScalarKind::Complex { width }) => {
                let part = ty::float_ty(*width).map_err(|m| self.unsupported(span, m))?;
                let re = self.float_value(&part, value);
                let im = self.float_value(&part, 0.0);
                Ok(self.complex_make(&re, &im))
            }
            TypeInner::Scalar(ScalarKind::Bool { .. }) => Ok(Val::bool(value != 0.0)),
            TypeInner::Scalar(ScalarKind::Int { .. }) => self.int_constant(ty, value as i128, span),
            _ => Err(self.internal(format!(
                "floating-point constant of type '{}'",
                self.module.types.display(ty)
            ))),
        }
    }

    /// A float of LLVM type `ty`: a literal for `float`/`double`, an exact `fpext` otherwise.
    pub(crate) fn float_value(&mut self, ty: &Ty, value: f64) -> Val {
        match float_literal(ty, value) {
            Some(literal) => Val::new(ty.clone(), literal),
            None => {
                let double = float_literal(&Ty::F64, value).unwrap_or_default();
                self.w
                    .assign(ty.clone(), format!("fpext double {double} to {ty}"))
            }
        }
    }

    /// `{ re, im }`.
    pub(crate) fn complex_make(&mut self, re: &Val, im: &Val) -> Val {
        let ty = Ty::Struct(vec![re.ty.clone(), re.ty.clone()]);
        let first = self.w.assign(
            ty.clone(),
            format!("insertvalue {ty} poison, {}, 0", re.typed()),
        );
        self.w.assign(
            ty,
            format!("insertvalue {}, {}, 1", first.typed(), im.typed()),
        )
    }

    /// Part `index` (0 real, 1 imaginary) of a complex value.
    pub(crate) fn complex_part(&mut self, value: &Val, index: u32) -> Val {
        let part = match &value.ty {
            Ty::Struct(parts) if !parts.is_empty() => parts[0].clone(),
            other => other.clone(),
        };
        self.w
            .assign(part, format!("extractvalue {}, {index}", value.typed()))
    }

    // ----- places -----

    /// `base[index]`: the element of an array place, or `base + index` for a pointer value.
    fn index(&mut self, base: ExprId, index: ExprId, ty: TypeHandle, span: Span) -> R<Val> {
        let base_ty = self.expr_ty(base)?;
        let element = self.pointee(ty)?;
        let base_ptr = self.value(base)?;
        let mut offset = self.value_i64(index)?;
        // An array place (`Pointer { Array }` → `Pointer { element }`) counts from the array's
        // declared lower bound (0 in C).
        let base_pointee = self.pointee(base_ty)?;
        if let TypeInner::Array {
            element: array_element,
            lower_bound,
            ..
        } = self.inner(base_pointee)?
        {
            if *array_element == element && base_pointee != element && *lower_bound != 0 {
                offset = self.bin("sub", &offset, &Val::i64(*lower_bound));
            }
        }
        self.element_address(&base_ptr, &offset, element, span)
    }

    /// The address `base + offset * sizeof(element)`.
    pub(crate) fn element_address(
        &mut self,
        base: &Val,
        offset: &Val,
        element: TypeHandle,
        span: Span,
    ) -> R<Val> {
        let element_ty = match self.inner(element)? {
            TypeInner::Void => Ty::i8(),
            TypeInner::Array {
                size: acc_ir::ArraySize::Variable(_) | acc_ir::ArraySize::Unknown,
                ..
            } => {
                return Err(self.unsupported(
                    span,
                    "subscripts over arrays whose inner dimensions have no constant size are not supported",
                ))
            }
            _ => self.mem_ty(element, span)?,
        };
        let address = self.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds {element_ty}, ptr {}, {}",
                base.repr,
                offset.typed()
            ),
        );
        self.w.derive(&base.repr, &address.repr);
        Ok(address)
    }

    /// The address of member `member` of the struct or union at `base`.
    fn member(&mut self, base: ExprId, member: u32, span: Span) -> R<Val> {
        let base_ty = self.expr_ty(base)?;
        let record = self.pointee(base_ty)?;
        let base_ptr = self.value(base)?;
        let TypeInner::Struct {
            members, is_union, ..
        } = self.inner(record)?
        else {
            return Err(self.internal("member access on a value that is not a struct"));
        };
        if member as usize >= members.len() {
            return Err(self.internal(format!(
                "member {member} of a struct with {} members",
                members.len()
            )));
        }
        if *is_union {
            self.w.mark_may_alias(&base_ptr.repr);
            return Ok(base_ptr);
        }
        let struct_ty = self.mem_ty(record, span)?;
        let address = self.w.assign(
            Ty::Ptr,
            format!(
                "getelementptr inbounds {struct_ty}, ptr {}, i32 0, i32 {member}",
                base_ptr.repr
            ),
        );
        self.w.derive(&base_ptr.repr, &address.repr);
        Ok(address)
    }

    /// `left - right` in elements.
    fn pointer_diff(&mut self, left: ExprId, right: ExprId, ty: TypeHandle, span: Span) -> R<Val> {
        let left_ty = self.expr_ty(left)?;
        let element = self.pointee(left_ty)?;
        let size = match self.inner(element)? {
            TypeInner::Void => 1,
            _ => self.mem_ty(element, span)?.size(),
        };
        if size == 0 {
            return Err(self.unsupported(span, "difference of pointers to zero-sized elements"));
        }
        let l = self.value(left)?;
        let r = self.value(right)?;
        let li = self
            .w
            .assign(Ty::i64(), format!("ptrtoint ptr {} to i64", l.repr));
        let ri = self
            .w
            .assign(Ty::i64(), format!("ptrtoint ptr {} to i64", r.repr));
        let bytes = self.bin("sub", &li, &ri);
        let diff = if size == 1 {
            bytes
        } else {
            self.bin("sdiv exact", &bytes, &Val::i64(size as i64))
        };
        let width = self.reg_ty(ty, span)?.int_width().unwrap_or(64);
        Ok(self.resize_int(diff, width, true))
    }

    // ----- lazy expressions -----

    /// `cond ? accept : reject`, evaluating only the chosen operand.
    fn conditional(
        &mut self,
        cond: ExprId,
        accept: ExprId,
        reject: ExprId,
        ty: TypeHandle,
        span: Span,
    ) -> R<Option<Val>> {
        let condition = self.condition(cond)?;
        let void = matches!(self.inner(ty)?, TypeInner::Void);
        let slot = if void {
            None
        } else {
            let reg = self.reg_ty(ty, span)?;
            Some(self.w.alloca(&reg))
        };
        let then_block = self.w.block("sel.then");
        let else_block = self.w.block("sel.else");
        let join = self.w.block("sel.join");
        self.w.cond_br(&condition, then_block, else_block);
        for (block, operand) in [(then_block, accept), (else_block, reject)] {
            self.w.position(block);
            let value = self.eval(operand)?;
            if let (Some(slot), Some(value)) = (&slot, value) {
                let from = self.expr_ty(operand)?;
                let value = self.convert(value, from, ty, span)?;
                self.store_mem(slot, &value);
            }
            self.w.br(join);
        }
        self.w.position(join);
        match slot {
            Some(slot) => {
                let reg = self.reg_ty(ty, span)?;
                Ok(Some(self.load_mem(&slot, &reg)))
            }
            None => Ok(None),
        }
    }

    /// The truth value (`i1`) of a condition expression of any scalar or pointer type.
    pub(crate) fn condition(&mut self, id: ExprId) -> R<Val> {
        let span = self.expr_span(id);
        let ty = self.expr_ty(id)?;
        let value = self.value(id)?;
        self.truth(value, ty, span)
    }

    /// The truth value of `value` of acc-ir type `ty`.
    pub(crate) fn truth(&mut self, value: Val, ty: TypeHandle, span: Span) -> R<Val> {
        match self.inner(ty)? {
            TypeInner::Scalar(kind) => Ok(self.truthy(&value, *kind)),
            TypeInner::Pointer { .. } => Ok(self.icmp("ne", &value, &Val::new(Ty::Ptr, "null"))),
            _ => Err(self.unsupported(
                span,
                format!(
                    "a value of type '{}' used as a condition",
                    self.module.types.display(ty)
                ),
            )),
        }
    }

    /// `left && right` or `left || right`, evaluating `right` only when needed.
    pub(crate) fn short_circuit(&mut self, and: bool, left: ExprId, right: ExprId) -> R<Val> {
        let slot = self.w.alloca(&Ty::I1);
        let lhs = self.condition(left)?;
        self.store_mem(&slot, &lhs);
        let rhs_block = self.w.block(if and { "and.rhs" } else { "or.rhs" });
        let join = self.w.block("logic.join");
        if and {
            self.w.cond_br(&lhs, rhs_block, join);
        } else {
            self.w.cond_br(&lhs, join, rhs_block);
        }
        self.w.position(rhs_block);
        let rhs = self.condition(right)?;
        self.store_mem(&slot, &rhs);
        self.w.br(join);
        self.w.position(join);
        Ok(self.load_mem(&slot, &Ty::I1))
    }
}
