//! C's implicit conversions made explicit: lvalue conversion and array decay, conditions
//! (comparison with zero), assignment and cast conversions, integer promotions and the usual
//! arithmetic conversions, and the constants they need.

use acc_ir::body::{BinaryOp, ExprId, ExprKind};
use acc_ir::{ScalarKind, TypeHandle, TypeInner};
use tree_sitter::Node;

use super::expr::operator;
use super::types::{self, common, promote, BOOL, INT, LONG};
use super::{Lowering, Value, R};

impl<'a> Lowering<'a> {
    /// An integer constant of type `kind` (the value wrapped into the type).
    pub(super) fn int_constant(&mut self, value: i128, kind: ScalarKind, node: Node) -> ExprId {
        let ty = self.scalar(kind);
        self.e(ExprKind::Int(types::wrap(value, kind)), ty, node)
    }

    /// The null pointer of pointer type `ty`.
    pub(super) fn null(&mut self, ty: TypeHandle, node: Node) -> ExprId {
        let zero = self.int_constant(0, LONG, node);
        self.e(ExprKind::Cast(zero), ty, node)
    }

    /// Zero of scalar or pointer type `ty`.
    pub(super) fn zero(&mut self, ty: TypeHandle, node: Node) -> R<ExprId> {
        match self.inner(ty) {
            TypeInner::Pointer { .. } => Ok(self.null(ty, node)),
            TypeInner::Scalar(ScalarKind::Float { .. }) => {
                Ok(self.e(ExprKind::Float(0.0), ty, node))
            }
            TypeInner::Scalar(ScalarKind::Complex { width }) => {
                let real = self.scalar(ScalarKind::Float { width });
                let zero = self.e(ExprKind::Float(0.0), real, node);
                Ok(self.e(ExprKind::Cast(zero), ty, node))
            }
            TypeInner::Scalar(kind) => Ok(self.int_constant(0, kind, node)),
            _ => self.fail(node, format!("zero of type {}", self.type_name(ty))),
        }
    }

    /// The C type of a value (an `int` for a truth value).
    pub(super) fn c_type(&mut self, value: Value) -> TypeHandle {
        match value {
            Value::Plain(e) => self.ty(e),
            Value::Truth(_) => self.scalar(INT),
            Value::Place(_, ty) => ty,
        }
    }

    /// The value of an expression after lvalue conversion and array decay (C11 6.3.2.1).
    pub(super) fn rvalue(&mut self, value: Value, node: Node) -> R<ExprId> {
        match value {
            Value::Plain(e) => Ok(e),
            Value::Truth(b) => {
                let int = self.scalar(INT);
                Ok(self.e(ExprKind::Cast(b), int, node))
            }
            Value::Place(address, ty) => match self.inner(ty) {
                TypeInner::Array { element, .. } => {
                    let pointer = self.pointer_to(element);
                    Ok(self.e(ExprKind::Decay(address), pointer, node))
                }
                TypeInner::Struct { .. } if self.is_bitfield(ty, None) => {
                    self.fail(node, format!("{} has bit-fields", self.type_name(ty)))
                }
                TypeInner::Scalar(_) | TypeInner::Pointer { .. } | TypeInner::Struct { .. } => {
                    Ok(self.e(ExprKind::Load(address), ty, node))
                }
                _ => self.fail(
                    node,
                    format!("value of incomplete type {}", self.type_name(ty)),
                ),
            },
        }
    }

    /// A condition (`if`, loops, `?:`, `&&`, `!`): the value compared with zero, as a bool.
    pub(super) fn condition(&mut self, value: Value, node: Node) -> R<ExprId> {
        if let Value::Truth(b) = value {
            return Ok(b);
        }
        let e = self.rvalue(value, node)?;
        let ty = self.ty(e);
        match self.inner(ty) {
            TypeInner::Scalar(ScalarKind::Bool { width: 8 }) => Ok(e),
            TypeInner::Scalar(_) | TypeInner::Pointer { .. } => {
                let zero = self.zero(ty, node)?;
                let bool8 = self.scalar(BOOL);
                Ok(self.e(
                    ExprKind::Binary {
                        op: BinaryOp::Ne,
                        left: e,
                        right: zero,
                    },
                    bool8,
                    node,
                ))
            }
            _ => self.fail(node, format!("condition of type {}", self.type_name(ty))),
        }
    }

    /// Converts a value as assignment and casts do: to `_Bool` by comparing with zero, between
    /// scalars, between pointers, between integers and pointers.
    pub(super) fn convert(&mut self, e: ExprId, to: TypeHandle, node: Node) -> R<ExprId> {
        let from = self.ty(e);
        if from == to {
            return Ok(e);
        }
        let (from_inner, to_inner) = (self.inner(from), self.inner(to));
        use TypeInner as T;
        match (&from_inner, &to_inner) {
            (_, T::Void) => Ok(self.e(ExprKind::Cast(e), to, node)),
            (T::Void, _) => self.fail(node, "a void value used as a value"),
            (T::Scalar(ScalarKind::Complex { .. }), T::Scalar(ScalarKind::Bool { .. })) => {
                self.fail(node, "conversion of a complex value to _Bool")
            }
            (T::Scalar(_) | T::Pointer { .. }, T::Scalar(ScalarKind::Bool { .. })) => {
                let zero = self.zero(from, node)?;
                Ok(self.e(
                    ExprKind::Binary {
                        op: BinaryOp::Ne,
                        left: e,
                        right: zero,
                    },
                    to,
                    node,
                ))
            }
            (T::Scalar(_), T::Scalar(_)) | (T::Pointer { .. }, T::Pointer { .. }) => {
                Ok(self.e(ExprKind::Cast(e), to, node))
            }
            (T::Scalar(kind), T::Pointer { .. }) | (T::Pointer { .. }, T::Scalar(kind))
                if kind.is_integer() =>
            {
                Ok(self.e(ExprKind::Cast(e), to, node))
            }
            _ => self.fail(
                node,
                format!(
                    "conversion from {} to {}",
                    self.type_name(from),
                    self.type_name(to)
                ),
            ),
        }
    }

    /// [`Self::convert`] of any lowered value.
    pub(super) fn convert_value(&mut self, value: Value, to: TypeHandle, node: Node) -> R<ExprId> {
        if let Value::Truth(b) = value {
            match self.inner(to) {
                TypeInner::Scalar(ScalarKind::Bool { width: 8 }) => return Ok(b),
                TypeInner::Scalar(_) => return Ok(self.e(ExprKind::Cast(b), to, node)),
                _ => {}
            }
        }
        let e = self.rvalue(value, node)?;
        self.convert(e, to, node)
    }

    /// The integer promotion of an arithmetic value.
    pub(super) fn promoted(&mut self, e: ExprId, node: Node) -> R<ExprId> {
        match self.scalar_kind(self.ty(e)) {
            Some(kind) => {
                let to = self.scalar(promote(kind));
                self.convert(e, to, node)
            }
            None => self.fail(
                node,
                format!("arithmetic on {}", self.type_name(self.ty(e))),
            ),
        }
    }

    /// Both operands converted to their common type (the usual arithmetic conversions).
    pub(super) fn arithmetic_pair(
        &mut self,
        l: ExprId,
        r: ExprId,
        node: Node,
    ) -> R<(ExprId, ExprId, TypeHandle)> {
        let (Some(lk), Some(rk)) = (self.scalar_kind(self.ty(l)), self.scalar_kind(self.ty(r)))
        else {
            let (lt, rt) = (self.ty(l), self.ty(r));
            return self.fail(
                node,
                format!(
                    "'{}' on {} and {}",
                    operator(self, node),
                    self.type_name(lt),
                    self.type_name(rt)
                ),
            );
        };
        let ty = self.scalar(common(lk, rk));
        Ok((self.convert(l, ty, node)?, self.convert(r, ty, node)?, ty))
    }
}
